import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// Camera animations on the map: the will/is/did-change sequence, the exact end camera, and frames that
/// keep coming (and map-idle held back) while the camera moves.
@Suite struct MapAnimationTests {
    let start = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2)
    let target = Camera(center: LngLat(longitude: 10.5, latitude: 20.25), zoom: 4, bearing: 30, pitch: 20)

    /// Camera and frame events only: tile loads and cancels depend on the path, not on the animation rules.
    func cameraAndFrames(_ h: MapHarness) -> [String] {
        h.drainEvents().filter { !["resource-request", "source-data-loaded"].contains($0.topic) }.map(\.animationSummary)
    }

    /// Answers every tile asked for since the last call (answers to cancelled loads are ignored by the map).
    func answerNewTiles(_ h: MapHarness) {
        for load in h.newLoads() { if let tile = load.tileID { h.map.resourceFinished(load.id, .ok(Fixture.tileBytes(tile))) } }
    }

    @Test func anEaseAnnouncesItselfStepsAndEndsExactlyOnTheTarget() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        h.map.startAnimation(.ease(from: h.map.camera, to: target, duration: 0.3, size: h.map.size), at: 0)
        #expect(cameraAndFrames(h) == ["camera-will-change animated=true"])
        #expect(h.map.isAnimating)

        for step in 1...3 {
            h.map.advanceAnimation(to: Double(step) * 0.1 - 0.05)
            #expect(cameraAndFrames(h) == ["camera-changed", "camera-is-changing"])
            #expect(h.map.camera != target)
        }
        h.map.advanceAnimation(to: 0.3)
        #expect(cameraAndFrames(h) == ["camera-changed", "camera-is-changing", "camera-did-change animated=true"])
        #expect(h.map.camera == target.clamped())
        #expect(!h.map.isAnimating)
    }

    @Test func framesRepaintWhileAnimatingAndIdleComesOnlyAfterTheEnd() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        // A short hop at the same zoom: every tile it needs is answered, so only the animation holds idle back.
        let near = Camera(center: LngLat(longitude: 1, latitude: 0), zoom: 2)
        h.map.startAnimation(.ease(from: h.map.camera, to: near, duration: 1, size: h.map.size), at: 0)
        h.map.renderFrame()
        #expect(cameraAndFrames(h) == ["camera-will-change animated=true", "render-frame-started",
                                       "render-frame-finished full repaint=true"])
        h.map.advanceAnimation(to: 0.5)
        answerNewTiles(h)
        h.map.renderFrame()
        #expect(cameraAndFrames(h) == ["camera-changed", "camera-is-changing", "render-frame-started",
                                       "render-frame-finished full repaint=true"])
        #expect(h.map.wantsFrame)
        h.map.advanceAnimation(to: 1)
        answerNewTiles(h)
        #expect(h.map.pendingLoadCount == 0)
        h.map.renderFrame()
        #expect(cameraAndFrames(h) == ["camera-changed", "camera-is-changing", "camera-did-change animated=true",
                                       "render-frame-started", "render-frame-finished full repaint=false", "map-idle"])
    }

    @Test func setCameraIsAnImmediateChangeWithWillAndDidChange() throws {
        let h = MapHarness()
        try h.map.setCamera(center: target.center, zoom: target.zoom, bearing: nil, pitch: nil)
        #expect(cameraAndFrames(h) == ["camera-will-change animated=false", "camera-changed", "camera-did-change animated=false"])
        // A zero-length animation (a jump) is the same immediate change.
        h.map.startAnimation(.jump(to: start), at: 5)
        #expect(cameraAndFrames(h) == ["camera-will-change animated=false", "camera-changed", "camera-did-change animated=false"])
        #expect(h.map.camera == start)
        #expect(!h.map.isAnimating)
    }

    @Test func aNewChangeInterruptsTheRunningAnimationWithItsDidChangeFirst() throws {
        let h = MapHarness()
        h.map.startAnimation(.ease(from: h.map.camera, to: target, duration: 1, size: h.map.size), at: 0)
        h.map.advanceAnimation(to: 0.5)
        _ = h.drain()
        let second = Camera(center: LngLat(longitude: -20, latitude: 5), zoom: 3)
        h.map.startAnimation(.fly(from: h.map.camera, to: second, size: h.map.size), at: 0.5)
        #expect(cameraAndFrames(h) == ["camera-did-change animated=true", "camera-will-change animated=true"])
        try h.map.setCamera(center: nil, zoom: 6, bearing: nil, pitch: nil)
        #expect(cameraAndFrames(h) == ["camera-did-change animated=true", "camera-will-change animated=false",
                                       "camera-changed", "camera-did-change animated=false"])
        // The interrupted animation takes no more steps.
        h.map.advanceAnimation(to: 100)
        #expect(cameraAndFrames(h) == [])
        #expect(h.map.camera.zoom == 6)
    }

    @Test func anAutomaticFlightEndsOnTheTarget() throws {
        let h = MapHarness()
        let flight = CameraAnimation.fly(from: h.map.camera, to: target, size: h.map.size)
        #expect(flight.duration > 0)
        h.map.startAnimation(flight, at: 10)
        var time = 10.0
        while h.map.isAnimating {
            time += 1.0 / 60
            h.map.advanceAnimation(to: time)
        }
        #expect(h.map.camera == target.clamped())
        #expect(cameraAndFrames(h).last == "camera-did-change animated=true")
    }
}

extension MapEvent {
    /// `summary` plus the flags these tests check.
    var animationSummary: String {
        switch self {
        case .cameraWillChange(let animated): "\(topic) animated=\(animated)"
        case .cameraDidChange(let animated): "\(topic) animated=\(animated)"
        case .renderFrameFinished(let e): "\(summary) repaint=\(e.needsRepaint)"
        default: summary
        }
    }
}

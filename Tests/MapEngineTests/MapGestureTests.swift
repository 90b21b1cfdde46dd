import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// The map's side of gestures: map-idle waits while a gesture is in progress, and a gesture's camera
/// change is an immediate one that stops a running animation.
@Suite struct MapGestureTests {
    let start = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2)

    func topics(_ h: MapHarness) -> [String] {
        h.drainEvents().filter { !["resource-request", "source-data-loaded"].contains($0.topic) }.map(\.animationSummary)
    }

    @Test func idleWaitsForTheGestureToEnd() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        h.map.renderFrame()
        _ = topics(h)
        h.map.beginGesture(.pan)
        #expect(h.map.isGesturing)
        // Nothing moved, yet the frame after the fingers went down must not report idle.
        h.map.requestRepaint()
        h.map.renderFrame()
        #expect(topics(h) == ["render-frame-started", "render-frame-finished full repaint=false"])
        // Another kind ending does not end the pan.
        h.map.endGesture(.pinch)
        #expect(h.map.isGesturing)
        h.map.endGesture(.pan)
        #expect(!h.map.isGesturing && h.map.wantsFrame)
        h.map.renderFrame()
        #expect(topics(h) == ["render-frame-started", "render-frame-finished full repaint=false", "map-idle"])
    }

    @Test func aGestureCameraIsImmediateAndStopsAnAnimation() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        _ = topics(h)
        let far = Camera(center: LngLat(longitude: 30, latitude: 10), zoom: 5)
        h.map.startAnimation(.ease(from: h.map.camera, to: far, duration: 1, size: h.map.size), at: 0)
        let next = Camera(center: LngLat(longitude: 1, latitude: 1), zoom: 3)
        h.map.applyGestureCamera(next)
        #expect(topics(h) == ["camera-will-change animated=true", "camera-did-change animated=true",
                              "camera-will-change animated=false", "camera-changed", "camera-did-change animated=false"])
        #expect(!h.map.isAnimating && h.map.camera == next)
    }
}

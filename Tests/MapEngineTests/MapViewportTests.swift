import Testing
@testable import MapEngine
import MapWireGeometry

/// Viewport cameras on the map: the same will/is/did-change sequence as an animation.
@Suite struct MapViewportTests {
    let start = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2)
    let a = Camera(center: LngLat(longitude: 1, latitude: 1), zoom: 3)
    let b = Camera(center: LngLat(longitude: 2, latitude: 2), zoom: 3)

    func cameraEvents(_ h: MapHarness) -> [String] {
        h.drainEvents().filter { $0.topic.hasPrefix("camera-") }.map(\.animationSummary)
    }

    @Test func stepsReadAsOneAnimation() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        _ = cameraEvents(h)
        h.map.applyViewportCamera(a, moving: true)
        #expect(cameraEvents(h) == ["camera-will-change animated=true", "camera-changed", "camera-is-changing"])
        #expect(h.map.isAnimating)
        h.map.applyViewportCamera(b, moving: false)
        #expect(cameraEvents(h) == ["camera-changed", "camera-is-changing", "camera-did-change animated=true"])
        #expect(h.map.camera == b)
        #expect(!h.map.isAnimating)
    }

    @Test func anImmediateCameraIsNotAnimated() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        _ = cameraEvents(h)
        h.map.applyViewportCamera(a, moving: false)
        #expect(cameraEvents(h) == ["camera-will-change animated=false", "camera-changed", "camera-did-change animated=false"])
    }

    @Test func endingWithoutACameraClosesTheChange() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        h.map.applyViewportCamera(a, moving: true)
        _ = cameraEvents(h)
        h.map.endViewportMotion()
        #expect(cameraEvents(h) == ["camera-did-change animated=true"])
        h.map.endViewportMotion()
        #expect(cameraEvents(h).isEmpty)
    }

    @Test func takesOverFromARunningEase() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: start)
        h.map.startAnimation(.ease(from: start, to: b, duration: 1, size: h.map.size), at: 0)
        _ = cameraEvents(h)
        h.map.applyViewportCamera(a, moving: false)
        #expect(cameraEvents(h) == ["camera-did-change animated=true", "camera-will-change animated=false",
                                    "camera-changed", "camera-did-change animated=false"])
    }
}

import Foundation
import MapEngine
import MapWireGeometry
import Testing

/// MGLMapViewDelegate's lifecycle events around the Mapbox MapEvents reference's loading sequence.
@Suite struct MapLifecycleTests {
    func topics(_ harness: MapHarness) -> [String] {
        harness.effects.published.map(\.topic)
    }

    @Test func aStyleLoadIsAnnouncedAndItsFirstFrameAndItsIdleAreToo() throws {
        let harness = MapHarness()
        try harness.loadInlineStyle()
        let all = topics(harness)
        #expect(all.filter { $0 == "map-will-start-loading" }.count == 1)
        let willStart = try #require(all.firstIndex(of: "map-will-start-loading"))
        #expect(willStart < all.firstIndex(of: "style-data-loaded")!)
        let rendering = try #require(all.firstIndex(of: "will-start-rendering-map"))
        #expect(all[rendering + 1] == "render-frame-started")
        #expect(all.suffix(2) == ["did-finish-rendering-map", "map-idle"])
        guard case .didFinishRenderingMap(let finished) = harness.effects.published[all.count - 2].payload else {
            Issue.record("no did-finish-rendering-map")
            return
        }
        #expect(finished)
        // Later frames of the same style do not announce rendering again.
        try harness.map.setCamera(center: nil, zoom: 2.2, bearing: nil, pitch: nil)
        harness.map.renderFrame()
        #expect(topics(harness).filter { $0 == "will-start-rendering-map" }.count == 1)
    }

    @Test func aFailedStyleSaysSoWithTheError() throws {
        let harness = MapHarness()
        #expect(throws: MapCommandError.self) { try harness.map.setStyleJSON("{not json", baseURL: nil) }
        let events = harness.effects.published
        #expect(events.map(\.topic) == ["map-will-start-loading", "map-loading-error", "map-did-fail-loading"])
        guard case .mapDidFailLoading(let failed) = events[2].payload else {
            Issue.record("no map-did-fail-loading")
            return
        }
        #expect(failed.contains("not valid JSON"))
    }

    @Test func replacingAStyleBeforeItsMapIsDrawnSaysItWasNotFullyRendered() throws {
        let harness = MapHarness()
        try harness.map.setCamera(center: LngLat(longitude: 0, latitude: 0), zoom: 2, bearing: nil, pitch: nil)
        try harness.map.setStyleJSON(Fixture.style(), baseURL: nil)
        harness.map.renderFrame()   // partial: no tiles yet
        try harness.map.setStyleJSON(Fixture.style(), baseURL: nil)
        let finished = harness.effects.published.compactMap { event -> Bool? in
            if case .didFinishRenderingMap(let f) = event.payload { f } else { nil }
        }
        #expect(finished == [false])
        #expect(topics(harness).filter { $0 == "map-will-start-loading" }.count == 2)
    }
}

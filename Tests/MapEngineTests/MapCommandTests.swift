import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// Commands: what they refuse (with nothing published) and what they publish.
@Suite struct MapCommandTests {
    @Test(arguments: [
        (Double.nan, 0.0, 1.0, 0.0, 0.0), (0, .infinity, 1, 0, 0), (0, 0, .nan, 0, 0), (0, 0, 1, -.infinity, 0),
        (0, 0, 1, 0, .nan), (0, 91, 1, 0, 0), (0, -90.5, 1, 0, 0),
    ])
    func setCameraRejectsBadValues(_ lng: Double, _ lat: Double, _ zoom: Double, _ bearing: Double, _ pitch: Double) {
        let h = MapHarness()
        let before = h.map.camera
        #expect(throws: MapCommandError.self) {
            try h.map.setCamera(center: LngLat(longitude: lng, latitude: lat), zoom: zoom, bearing: bearing, pitch: pitch)
        }
        #expect(h.map.camera == before)
        #expect(h.drain() == [])
    }

    @Test func setCameraClampsAndKeepsUnsetParts() throws {
        let h = MapHarness()
        try h.map.setCamera(center: LngLat(longitude: 190, latitude: 90), zoom: 30, bearing: 270, pitch: 95)
        #expect(h.map.camera == Camera(center: LngLat(longitude: -170, latitude: WebMercator.maxLatitude), zoom: 24,
                                       bearing: -90, pitch: 85))
        try h.map.setCamera(center: nil, zoom: 3, bearing: nil, pitch: nil)
        #expect(h.map.camera == Camera(center: LngLat(longitude: -170, latitude: WebMercator.maxLatitude), zoom: 3,
                                       bearing: -90, pitch: 85))
        #expect(h.drain() == ["camera-will-change", "camera-changed", "camera-did-change", "camera-will-change", "camera-changed", "camera-did-change"])
    }

    @Test(arguments: [(0, 10), (10, 0), (-1, 10), (16385, 10), (10, 16385)])
    func setSizeRejectsSizesOutOfRange(_ width: Int, _ height: Int) {
        let h = MapHarness()
        #expect(throws: MapCommandError.self) { try h.map.setSize(width: width, height: height) }
        #expect(h.map.size == ViewportSize(width: 512, height: 512))
        #expect(h.drain() == [])
    }

    @Test func setSizePublishesCameraChangedAndLoadsTheNewlyVisibleTiles() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 3))
        try h.map.setSize(width: 2048, height: 512)
        #expect(h.drain() == ["camera-changed"])
        #expect(h.map.size == ViewportSize(width: 2048, height: 512))
        let added = h.newLoads().compactMap(\.tileID)
        #expect(added.count == 4)  // two more columns on each side of the 2x2 block at zoom 3
        #expect(h.map.visibleTiles(of: "v").count == 8)
    }

    @Test func addSourceNeedsAStyle() {
        let h = MapHarness()
        let source = #"{"type": "vector", "tiles": ["https://maps.test/x/{z}/{x}/{y}.pbf"]}"#
        #expect(throws: MapCommandError.self) { try h.map.addSource(id: "x", json: source) }
        h.map.setStyleURI(Fixture.styleURL)
        #expect(throws: MapCommandError.self) { try h.map.addSource(id: "x", json: source) }
        #expect(h.drain() == [])
    }

    @Test(arguments: [
        ("v", #"{"type": "vector", "tiles": ["https://maps.test/x/{z}/{x}/{y}.pbf"]}"#),
        ("", #"{"type": "vector", "tiles": ["https://maps.test/x/{z}/{x}/{y}.pbf"]}"#),
        ("x", #"{"type": "vector""#),
        ("x", #"{"type": "vector"}"#),
        ("x", #"{"type": "teapot", "url": "https://maps.test/x.json"}"#),
    ])
    func addSourceRejectsDuplicatesAndBadSources(_ id: String, _ json: String) throws {
        let h = MapHarness()
        try h.loadInlineStyle()
        #expect(throws: MapCommandError.self) { try h.map.addSource(id: id, json: json) }
        #expect(h.drain() == [])
        #expect(h.newLoads().isEmpty)
        #expect(h.map.style?.sources.map(\.id) == ["v"])
    }

    @Test func addSourceWithInlineTilesPublishesAddedThenMetadataAndLoadsTiles() throws {
        let h = MapHarness()
        try h.loadInlineStyle()
        try h.map.addSource(id: "sat", json: #"{"type": "raster", "tiles": ["https://maps.test/sat/{z}/{x}/{y}.png"], "tileSize": 256}"#)
        #expect(h.drain() == ["source-added sat", "source-data-loaded metadata sat"])
        let expected = h.cover(tileSize: 256, maxZoom: 22, roundZoom: true)
        #expect(expected.allSatisfy { $0.z == 3 })
        #expect(h.newLoads().map(\.request.url) == expected.map { Fixture.url("https://maps.test/sat/{z}/{x}/{y}.png", $0) })
        #expect(h.map.style?.sources.map(\.id) == ["v", "sat"])
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished partial"])
    }

    @Test func addSourceWithTileJSONPublishesMetadataWhenItArrives() throws {
        let h = MapHarness()
        try h.loadInlineStyle()
        try h.map.addSource(id: "streets", json: #"{"type": "vector", "url": "https://maps.test/tiles/streets.json"}"#)
        #expect(h.drain() == ["source-added streets"])
        let loads = h.newLoads()
        #expect(loads.map(\.request.url) == [Fixture.tileJSONURL])
        #expect(loads.map(\.request.kind) == [.source])
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished partial"])

        try h.answer(Fixture.tileJSONURL, Fixture.tileJSON)
        #expect(h.drain() == ["resource-request source \(Fixture.tileJSONURL)", "source-data-loaded metadata streets"])
        #expect(h.newLoads().map(\.request.url) == h.cover().map { Fixture.url(Fixture.tileJSONTemplate, $0) })
    }

    @Test func addSourceWhileTheSpriteLoadsJoinsTheSourcesStep() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(sprite: "https://maps.test/sprite"), baseURL: nil)
        try h.map.addSource(id: "extra", json: #"{"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}"#)
        #expect(h.drain() == ["style-data-loaded style", "source-added extra"])
        try h.answer("https://maps.test/sprite.json", Fixture.spriteIndex)
        try h.answer("https://maps.test/sprite.png", Fixture.png)
        #expect(h.drain() == [
            "resource-request sprite-json https://maps.test/sprite.json", "resource-request sprite-image https://maps.test/sprite.png",
            "style-data-loaded sprite", "source-data-loaded metadata v", "source-data-loaded metadata extra",
            "style-data-loaded sources", "style-loaded",
        ])
    }

    @Test func removeSourceRefusesUnknownAndUsedSources() throws {
        let h = MapHarness()
        try h.loadInlineStyle()
        let unknown = #expect(throws: MapCommandError.self) { try h.map.removeSource(id: "nope") }
        #expect(unknown?.message.contains("no source") == true)
        let used = #expect(throws: MapCommandError.self) { try h.map.removeSource(id: "v") }
        #expect(used?.message.contains("layer \"roads\"") == true)
        #expect(h.drain() == [])
        #expect(h.map.style?.sources.map(\.id) == ["v"])
    }

    @Test func removeSourcePublishesRemovedAndCancelsItsPendingTiles() throws {
        let h = MapHarness()
        try h.loadInlineStyle()
        try h.map.addSource(id: "extra", json: #"{"type": "vector", "tiles": ["https://maps.test/extra/{z}/{x}/{y}.pbf"]}"#)
        let loads = h.newLoads()
        #expect(loads.count == 4)
        try h.answer(loads[0].request.url, Data([1]))
        _ = h.drain()

        try h.map.removeSource(id: "extra")
        let pending = loads.dropFirst()
        let events = h.drain()
        #expect(events.last == "source-removed extra")
        #expect(events.dropLast().sorted() == pending.map { "resource-request tile \($0.request.url) cancelled" }.sorted())
        #expect(Set(h.effects.cancelled) == Set(pending.map(\.id)))
        #expect(h.effects.cancelled.count == 3)
        #expect(h.map.style?.sources.map(\.id) == ["v"])
        #expect(h.map.visibleTiles(of: "extra").isEmpty)
        #expect(h.map.pendingLoadCount == 0)

        for load in pending { h.map.resourceFinished(load.id, .ok(Data([2]))) }
        #expect(h.drain() == [])
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-idle"])
    }

    @Test func removeSourceWhoseTileJSONIsLoadingCancelsItAndLetsTheStyleFinish() throws {
        let h = MapHarness()
        let sources = Fixture.inlineSource + #", "streets": {"type": "vector", "url": "https://maps.test/tiles/streets.json"}"#
        try h.map.setStyleJSON(Fixture.style(sources: sources), baseURL: nil)
        #expect(h.drain().last == "source-data-loaded metadata v")
        let tileJSON = try h.load(Fixture.tileJSONURL)
        try h.map.removeSource(id: "streets")
        #expect(h.drain() == [
            "resource-request source \(Fixture.tileJSONURL) cancelled", "source-removed streets",
            "style-data-loaded sources", "style-loaded",
        ])
        #expect(h.effects.cancelled == [tileJSON.id])
        h.map.resourceFinished(tileJSON.id, .ok(Data(Fixture.tileJSON.utf8)))
        #expect(h.drain() == [])
    }
}

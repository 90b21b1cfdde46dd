import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// map-loading-error for each kind of resource, and how far loading gets afterwards.
@Suite struct MapLoadingErrorTests {
    @Test(arguments: [
        (#"{"version": 8, "sources": {"#, "not valid JSON"),
        (#"{"version": 7, "sources": {}, "layers": []}"#, "style version 7 is not supported"),
        (#"{"version": 8, "sources": {"v": {"type": "vectr", "tiles": ["x"]}}, "layers": []}"#,
         #"source "v": unknown source type "vectr""#),
    ])
    func setStyleJSONRejectsABadStyle(_ json: String, _ fragment: String) throws {
        let h = MapHarness()
        let error = #expect(throws: MapCommandError.self) { try h.map.setStyleJSON(json, baseURL: nil) }
        #expect(error?.message.contains(fragment) == true)
        let events = h.drainEvents()
        #expect(events.map(\.summary) == ["map-loading-error style"])
        let published = try #require(events.first?.loadingError)
        #expect(published.message.contains(fragment))
        #expect(published.sourceID == nil && published.tileID == nil)
        #expect(h.map.loadPhase == .failed)
        #expect(h.effects.loads.isEmpty)
        h.map.renderFrame()
        #expect(h.drain() == [])
        #expect(throws: MapCommandError.self) { try h.map.addSource(id: "x", json: #"{"type": "geojson", "data": {}}"#) }
    }

    @Test func styleThatCannotBeLoaded() throws {
        let h = MapHarness()
        h.map.setStyleURI(Fixture.styleURL)
        try h.fail(Fixture.styleURL, .notFound)
        let events = h.drainEvents()
        #expect(events.map(\.summary) == [
            "resource-request style \(Fixture.styleURL) not-found", "map-loading-error style",
        ])
        #expect(events[1].loadingError?.message.contains("no such resource (not-found)") == true)
        #expect(h.map.loadPhase == .failed)
        #expect(h.newLoads().count == 1)
        h.map.renderFrame()
        #expect(h.drain() == [])
    }

    @Test func missingSpriteIndexIsReportedAndTheStyleStillLoads() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(sprite: "https://maps.test/sprite"), baseURL: nil)
        #expect(h.drain() == ["style-data-loaded style"])
        try h.fail("https://maps.test/sprite.json")
        #expect(h.drain() == ["resource-request sprite-json https://maps.test/sprite.json not-found", "map-loading-error sprite"])
        try h.answer("https://maps.test/sprite.png", Fixture.png)
        #expect(h.drain() == [
            "resource-request sprite-image https://maps.test/sprite.png", "style-data-loaded sprite",
            "source-data-loaded metadata v", "style-data-loaded sources", "style-loaded",
        ])
        #expect(h.map.loadPhase == .loaded)
    }

    @Test func spriteImageThatIsNotAPNGIsASpriteError() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(sprite: "https://maps.test/sprite"), baseURL: nil)
        _ = h.drain()
        try h.answer("https://maps.test/sprite.png", Data("GIF89a....".utf8))
        let events = h.drainEvents()
        #expect(events.map(\.summary) == ["resource-request sprite-image https://maps.test/sprite.png", "map-loading-error sprite"])
        #expect(events.last?.loadingError?.message.contains("not a PNG") == true)
        try h.answer("https://maps.test/sprite.json", Fixture.spriteIndex)
        #expect(h.drain() == [
            "resource-request sprite-json https://maps.test/sprite.json", "style-data-loaded sprite",
            "source-data-loaded metadata v", "style-data-loaded sources", "style-loaded",
        ])
    }

    @Test func spriteIndexThatIsNotAnImageIndexIsASpriteError() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(sprite: "https://maps.test/sprite"), baseURL: nil)
        _ = h.drain()
        try h.answer("https://maps.test/sprite.json", #"{"marker": {"x": 0, "y": 0}}"#)
        #expect(h.drain() == ["resource-request sprite-json https://maps.test/sprite.json", "map-loading-error sprite"])
        #expect(h.map.spriteImageIDs.isEmpty)
    }

    @Test(arguments: [false, true])
    func tileJSONErrorIsASourceErrorAndTheMapStillGetsToIdle(_ unparsable: Bool) throws {
        let h = MapHarness()
        let style = Fixture.style(sources: #""streets": {"type": "vector", "url": "https://maps.test/tiles/streets.json"}"#,
                                  layers: [#"{"id": "roads", "type": "line", "source": "streets"}"#])
        try h.map.setStyleJSON(style, baseURL: nil)
        _ = h.drain()
        if unparsable {
            try h.answer(Fixture.tileJSONURL, #"{"tilejson": "3.0.0"}"#)
        } else {
            try h.fail(Fixture.tileJSONURL, .server)
        }
        let events = h.drainEvents()
        #expect(events.map(\.summary) == [
            unparsable ? "resource-request source \(Fixture.tileJSONURL)" : "resource-request source \(Fixture.tileJSONURL) server",
            "map-loading-error source streets", "style-data-loaded sources", "style-loaded",
        ])
        let error = try #require(events[1].loadingError)
        #expect(error.sourceID == "streets")
        #expect(error.tileID == nil)
        #expect(error.message.contains(unparsable ? "no \"tiles\"" : "(server)"))
        #expect(h.newLoads().count == 1)  // only the TileJSON: no tiles for a source without metadata
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func tileErrorIsReportedAndTheFrameStillBecomesFull() throws {
        let h = MapHarness()
        try h.map.setCamera(center: LngLat(longitude: 0, latitude: 0), zoom: 1, bearing: nil, pitch: nil)
        try h.map.setStyleJSON(Fixture.style(), baseURL: nil)
        _ = h.drain()
        let tiles = h.cover()
        #expect(tiles.count == 4)
        try h.fail(Fixture.url(Fixture.inlineTemplate, tiles[0]), .connection)
        let events = h.drainEvents()
        #expect(events.map(\.summary) == [
            "resource-request tile \(Fixture.url(Fixture.inlineTemplate, tiles[0])) connection",
            "map-loading-error tile v \(tiles[0])", "source-data-loaded tile v \(tiles[0]) loaded=false",
        ])
        let error = try #require(events[1].loadingError)
        #expect(error.sourceID == "v")
        #expect(error.tileID == tiles[0])
        #expect(h.map.tileData(of: "v", tiles[0]) == nil)
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished partial"])
        try h.answerTiles(Array(tiles.dropFirst()))
        #expect(h.drain().last == "source-data-loaded tile v \(tiles[3]) loaded=true")
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func glyphErrorIsReportedAndDoesNotBlockTheMap() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(glyphs: "https://maps.test/fonts/{fontstack}/{range}.pbf",
                                             layers: [Fixture.labelLayer]), baseURL: nil)
        _ = h.drain()
        #expect(h.newLoads().map(\.request.url) == ["https://maps.test/v/0/0/0.pbf", Fixture.glyphURL])
        try h.fail(Fixture.glyphURL)
        #expect(h.drain() == ["resource-request glyphs \(Fixture.glyphURL) not-found", "map-loading-error glyphs"])
        try h.answerTiles([Fixture.tile(0, 0, 0)])
        h.map.renderFrame()
        #expect(h.drain().suffix(4) == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func textWithoutAGlyphsURLIsAGlyphsError() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(layers: [Fixture.labelLayer]), baseURL: nil)
        #expect(h.drain().suffix(2) == ["style-loaded", "map-loading-error glyphs"])
        #expect(h.newLoads().map(\.request.kind) == [.tile])
    }

    @Test(arguments: [
        #"{"type": "video", "urls": ["https://maps.test/clip.mp4"], "coordinates": [[0, 1], [1, 1], [1, 0], [0, 0]]}"#,
        #"{"type": "image", "coordinates": [[0, 1], [1, 1], [1, 0], [0, 0]]}"#,
    ])
    func sourceWithNothingToLoadIsASourceErrorAndTheStyleStillLoads(_ source: String) throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(sources: #""clip": \#(source), "# + Fixture.inlineSource), baseURL: nil)
        // A video source is also one MapWire never draws: said once, after the style (StyleWarningTests).
        let warned = source.contains("video") ? ["style-warning -"] : []
        #expect(h.drain() == ["style-data-loaded style"] + warned + [
            "style-data-loaded sprite", "map-loading-error source clip",
            "source-data-loaded metadata v", "style-data-loaded sources", "style-loaded",
        ])
        try h.answerTiles([Fixture.tile(0, 0, 0)])
        h.map.renderFrame()
        #expect(h.drain().suffix(4) == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func addedSourceWithNothingToLoadDoesNotBlockIdle() throws {
        let h = MapHarness()
        try h.loadInlineStyle()
        try h.map.addSource(id: "clip", json: #"{"type": "image", "coordinates": [[0, 1], [1, 1], [1, 0], [0, 0]]}"#)
        #expect(h.drain() == ["source-added clip", "map-loading-error source clip"])
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-idle"])
    }
}

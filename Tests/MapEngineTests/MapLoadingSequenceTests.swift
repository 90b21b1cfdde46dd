import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// The loading sequence of the Mapbox MapEvents reference, step by step, with every load answered by the test.
@Suite struct MapLoadingSequenceTests {
    @Test func fullSequenceForAStyleWithSpriteTileJSONAndGlyphs() throws {
        let h = MapHarness()
        h.map.setStyleURI(Fixture.styleURL)
        let styleLoads = h.newLoads()
        #expect(styleLoads.map(\.request.url) == [Fixture.styleURL])
        #expect(styleLoads.map(\.request.kind) == [.style])
        #expect(h.drain() == [])
        #expect(h.map.loadPhase == .loadingStyle)

        // Style → style-data-loaded{style}, the style's camera, then the sprite's two halves.
        try h.answer(Fixture.styleURL, Fixture.streetsStyle)
        #expect(h.drain() == [
            "resource-request style \(Fixture.styleURL)", "style-data-loaded style", "camera-changed",
        ])
        let spriteLoads = h.newLoads()
        #expect(spriteLoads.map(\.request.url) == [Fixture.spriteJSONURL, Fixture.spritePNGURL])
        #expect(spriteLoads.map(\.request.kind) == [.spriteJson, .spriteImage])
        #expect(h.map.loadPhase == .loadingSprite)

        try h.answer(Fixture.spriteJSONURL, Fixture.spriteIndex)
        #expect(h.drain() == ["resource-request sprite-json \(Fixture.spriteJSONURL)"])
        #expect(h.newLoads().isEmpty)
        try h.answer(Fixture.spritePNGURL, Fixture.png)
        #expect(h.drain() == ["resource-request sprite-image \(Fixture.spritePNGURL)", "style-data-loaded sprite"])
        #expect(h.map.spriteImageIDs == ["marker"])

        // Sprite → the source's TileJSON.
        let sourceLoads = h.newLoads()
        #expect(sourceLoads.map(\.request.url) == [Fixture.tileJSONURL])
        #expect(sourceLoads.map(\.request.kind) == [.source])
        #expect(sourceLoads.map(\.sourceID) == ["streets"])
        #expect(h.map.loadPhase == .loadingSources)
        #expect(h.effects.framesNeeded == 0)

        // TileJSON → metadata, sources, style-loaded, then tiles and glyphs.
        try h.answer(Fixture.tileJSONURL, Fixture.tileJSON)
        #expect(h.drain() == [
            "resource-request source \(Fixture.tileJSONURL)", "source-data-loaded metadata streets",
            "style-data-loaded sources", "style-loaded",
        ])
        #expect(h.map.loadPhase == .loaded)
        #expect(h.map.camera == Camera(center: LngLat(longitude: 10, latitude: 20), zoom: 2.5))
        let tiles = h.cover()
        #expect(tiles.count == 4)
        #expect(h.map.visibleTiles(of: "streets") == tiles)
        let tileAndGlyphLoads = h.newLoads()
        #expect(tileAndGlyphLoads.map(\.request.url)
            == tiles.map { Fixture.url(Fixture.tileJSONTemplate, $0) } + [Fixture.glyphURL])
        #expect(tileAndGlyphLoads.map(\.request.kind) == Array(repeating: .tile, count: tiles.count) + [.glyphs])
        #expect(tileAndGlyphLoads.dropLast().map(\.tileID) == tiles.map { Optional($0) })
        #expect(tileAndGlyphLoads.dropLast().allSatisfy { $0.sourceID == "streets" })
        #expect(h.effects.framesNeeded == 1)

        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished partial"])

        for (index, tile) in tiles.enumerated() {
            try h.answer(Fixture.url(Fixture.tileJSONTemplate, tile), Fixture.tileBytes(tile))
            #expect(h.drain() == [
                "resource-request tile \(Fixture.url(Fixture.tileJSONTemplate, tile))",
                "source-data-loaded tile streets \(tile) loaded=\(index == tiles.count - 1)",
            ])
            #expect(h.map.tileData(of: "streets", tile) == Fixture.tileBytes(tile))
            h.map.renderFrame()
            // The glyphs are still loading, so even the frame after the last tile is partial.
            #expect(h.drain() == ["render-frame-started", "render-frame-finished partial"])
        }

        try h.answer(Fixture.glyphURL, Data([1, 2, 3]))
        #expect(h.drain() == ["resource-request glyphs \(Fixture.glyphURL)"])
        #expect(h.map.pendingLoadCount == 0)
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full"])

        #expect(h.effects.count("map-loaded") == 1)
        #expect(h.effects.count("map-idle") == 1)
        #expect(h.effects.count("resource-request") == h.effects.loads.count)
        #expect(h.effects.loads.count == 1 + 2 + 1 + tiles.count + 1)
        #expect(h.effects.cancelled.isEmpty)
        #expect(h.newLoads().isEmpty)
    }

    @Test func resourceRequestCarriesTheResponseThroughWithSizeFromTheData() throws {
        let h = MapHarness()
        h.map.setStyleURI(Fixture.styleURL)
        let load = try h.load(Fixture.styleURL)
        let data = Data(Fixture.streetsStyle.utf8)
        var response = ResourceResponse()
        response.source = .cache
        response.mustRevalidate = true
        response.notModified = true
        response.size = 7  // wrong on purpose: the map reports the bytes it got
        response.etag = "\"abc\""
        response.modified = "Tue, 01 Jul 2025 10:00:00 GMT"
        response.expires = "Wed, 02 Jul 2025 10:00:00 GMT"
        h.map.resourceFinished(load.id, ResourceResult(dataSource: .database, response: response, data: data))
        let requests = h.drainEvents().compactMap(\.resourceRequest)
        try #require(requests.count == 1)
        let event = requests[0]
        #expect(event.dataSource == .database)
        #expect(event.cancelled == false)
        #expect(event.request == load.request)
        #expect(event.request.priority == .regular)
        #expect(event.request.loadingMethod == [.cache, .network])
        #expect(event.response != nil)
        var expected = response
        expected.size = UInt64(data.count)
        #expect(event.response == expected)
        #expect(event.response?.error == nil)
    }

    @Test func answersToUnknownOrAlreadyAnsweredLoadsAreIgnored() throws {
        let h = MapHarness()
        h.map.setStyleURI(Fixture.styleURL)
        let load = try h.load(Fixture.styleURL)
        h.map.resourceFinished(load.id + 100, .ok(Data(Fixture.streetsStyle.utf8)))
        #expect(h.drain() == [])
        h.map.resourceFinished(load.id, .ok(Data(Fixture.streetsStyle.utf8)))
        #expect(h.drain().count == 3)
        h.map.resourceFinished(load.id, .ok(Data(Fixture.streetsStyle.utf8)))
        #expect(h.drain() == [])
        #expect(h.map.loadPhase == .loadingSprite)
    }

    @Test func setStyleJSONWithInlineTilesHasMetadataAtOnce() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(), baseURL: nil)
        #expect(h.drain() == [
            "style-data-loaded style", "style-data-loaded sprite", "source-data-loaded metadata v",
            "style-data-loaded sources", "style-loaded",
        ])
        #expect(h.map.loadPhase == .loaded)
        #expect(h.map.camera == Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0))
        #expect(h.newLoads().map(\.request.url) == ["https://maps.test/v/0/0/0.pbf"])
        #expect(h.effects.framesNeeded == 1)

        try h.answer("https://maps.test/v/0/0/0.pbf", Data([0x1A]))
        #expect(h.drain() == [
            "resource-request tile https://maps.test/v/0/0/0.pbf", "source-data-loaded tile v 0/0/0 loaded=true",
        ])
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func relativeURLsResolveAgainstTheBaseURL() throws {
        let h = MapHarness()
        let style = Fixture.style(
            sprite: "sprites/basic?fresh=1", glyphs: "fonts/{fontstack}/{range}.pbf",
            sources: #""v": {"type": "vector", "tiles": ["tiles/{z}/{x}/{y}.mvt"]}, "t": {"type": "vector", "url": "sources/t.json"}"#,
            layers: [Fixture.lineLayer, Fixture.labelLayer])
        try h.map.setStyleJSON(style, baseURL: "https://maps.test/styles/dir/style.json")
        #expect(h.newLoads().map(\.request.url) == [
            "https://maps.test/styles/dir/sprites/basic.json?fresh=1", "https://maps.test/styles/dir/sprites/basic.png?fresh=1",
        ])
        try h.answer("https://maps.test/styles/dir/sprites/basic.json?fresh=1", Fixture.spriteIndex)
        try h.answer("https://maps.test/styles/dir/sprites/basic.png?fresh=1", Fixture.png)
        #expect(h.newLoads().map(\.request.url) == ["https://maps.test/styles/dir/sources/t.json"])
        // TileJSON tiles resolve against the TileJSON's own URL.
        try h.answer("https://maps.test/styles/dir/sources/t.json", #"{"tiles": ["t/{z}/{x}/{y}.pbf"]}"#)
        #expect(h.newLoads().map(\.request.url) == [
            "https://maps.test/styles/dir/sources/t/0/0/0.pbf",
            "https://maps.test/styles/dir/tiles/0/0/0.mvt",
            "https://maps.test/styles/dir/fonts/Noto%20Sans%20Regular/0-255.pbf",
        ])
        #expect(h.map.style?.baseURL == "https://maps.test/styles/dir/style.json")
    }

    @Test func styleDefaultCameraAppliesWhenTheCameraWasNotSet() throws {
        let h = MapHarness()
        let style = Fixture.style(extra: #""center": [-70.5, 41.25], "zoom": 3, "bearing": 30, "pitch": 20"#)
        try h.map.setStyleJSON(style, baseURL: nil)
        #expect(h.drain().prefix(2) == ["style-data-loaded style", "camera-changed"])
        let expected = Camera(center: LngLat(longitude: -70.5, latitude: 41.25), zoom: 3, bearing: 30, pitch: 20)
        #expect(h.map.camera == expected)
        // The tiles asked for are the ones of the style's camera.
        #expect(h.newLoads().compactMap(\.tileID) == h.cover())
        #expect(h.cover().allSatisfy { $0.z == 3 })
    }

    @Test func styleDefaultCameraIsIgnoredOnceTheCameraWasSet() throws {
        let h = MapHarness()
        try h.map.setCamera(center: LngLat(longitude: 5, latitude: 6), zoom: 1, bearing: nil, pitch: nil)
        #expect(h.drain() == ["camera-will-change", "camera-changed", "camera-did-change"])
        let style = Fixture.style(extra: #""center": [-70.5, 41.25], "zoom": 3, "bearing": 30, "pitch": 20"#)
        try h.map.setStyleJSON(style, baseURL: nil)
        #expect(!h.drain().contains("camera-changed"))
        #expect(h.map.camera == Camera(center: LngLat(longitude: 5, latitude: 6), zoom: 1))
        #expect(h.newLoads().compactMap(\.tileID) == h.cover())
        #expect(h.cover().allSatisfy { $0.z == 1 })
    }

    @Test func refLayersTakeTypeSourceAndLayoutFromTheLayerTheyName() throws {
        let h = MapHarness()
        let style = Fixture.style(glyphs: "https://maps.test/fonts/{fontstack}/{range}.pbf", layers: [
            #"{"id": "roads", "type": "line", "source": "v", "source-layer": "road", "minzoom": 5, "filter": ["==", "class", "street"]}"#,
            #"{"id": "roads-casing", "ref": "roads", "paint": {"line-width": 3}}"#,
            Fixture.labelLayer,
            #"{"id": "labels-halo", "ref": "labels"}"#,
        ])
        try h.map.setStyleJSON(style, baseURL: nil)
        let layers = try #require(h.map.style?.layers)
        #expect(layers.map(\.id) == ["roads", "roads-casing", "labels", "labels-halo"])
        #expect(layers[1].type == "line")
        #expect(layers[1].source == "v")
        #expect(layers[1].sourceLayer == "road")
        #expect(layers[1].minZoom == 5)
        #expect(layers[3].type == "symbol")
        #expect(layers[3].textFont == ["Noto Sans Regular"])
        // Both symbol layers share one font stack: one glyph request.
        #expect(h.newLoads().filter { $0.request.kind == .glyphs }.count == 1)
        // The ref layer uses the source, so it cannot be removed.
        #expect(throws: MapCommandError.self) { try h.map.removeSource(id: "v") }
    }

    @Test func refToAnUnknownLayerIsAStyleError() throws {
        let h = MapHarness()
        let style = Fixture.style(layers: [#"{"id": "casing", "ref": "roads"}"#, Fixture.lineLayer])
        let error = #expect(throws: MapCommandError.self) { try h.map.setStyleJSON(style, baseURL: nil) }
        #expect(error?.message.contains("unknown layer \"roads\"") == true)
        #expect(h.drain() == ["map-loading-error style"])
    }
}

import Foundation
import MapWireDemo
import MapWireGeometry
import MapWireOffline
import Testing

@Suite struct OfflineRegionPlanTests {
    /// A style with one 512 px vector source (inline tiles), one 256 px raster source behind a TileJSON,
    /// a sprite, glyphs and a label layer whose text comes from the "name" field.
    static let style = Data("""
    {"version": 8, "sprite": "https://h/sprites/basic?key=k", "glyphs": "https://h/fonts/{fontstack}/{range}.pbf",
     "sources": {
       "streets": {"type": "vector", "tiles": ["https://h/streets/{z}/{x}/{y}.pbf"], "maxzoom": 14},
       "photo": {"type": "raster", "url": "https://h/photo.json", "tileSize": 256}
     },
     "layers": [
       {"id": "roads", "type": "line", "source": "streets", "source-layer": "road"},
       {"id": "names", "type": "symbol", "source": "streets", "source-layer": "place", "minzoom": 3,
        "filter": ["==", "kind", "city"],
        "layout": {"text-field": ["get", "name"], "text-font": ["Noto Sans Regular"]}}
     ]}
    """.utf8)

    static let region = OfflineRegionDefinition(
        styleURL: "https://h/style.json", bounds: LngLatBounds(west: 8.4, south: 47.3, east: 8.7, north: 47.45),
        minZoom: 3, maxZoom: 5)

    static func placeTile(_ places: [(name: String, kind: String)]) throws -> Data {
        var layer = VectorTileLayerBuilder(name: "place")
        for place in places {
            layer.addFeature(geometry: .points([.init(x: 100, y: 100)]),
                             properties: ["name": .string(place.name), "kind": .string(place.kind)])
        }
        var tile = VectorTileBuilder()
        tile.add(layer)
        return try tile.serializedData()
    }

    /// A plan given the style and the raster TileJSON: every tile is handed out.
    static func plannedToTheTiles() throws -> (OfflineRegionPlan, [OfflineResource]) {
        var plan = OfflineRegionPlan(definition: region, maxTiles: 1000)
        let next = try plan.arrived(plan.start()[0], data: style)
        let tileJSON = try #require(next.first { $0.kind == .source })
        let tiles = try plan.arrived(tileJSON, data: Data(#"{"tiles": ["t/{z}/{x}/{y}.png"]}"#.utf8))
        return (plan, tiles)
    }

    @Test func theStyleComesFirstThenSpritesAtBothRatiosFirstGlyphRangesAndMetadata() throws {
        var plan = OfflineRegionPlan(definition: Self.region, maxTiles: 1000)
        let first = plan.start()
        #expect(first.map(\.url) == ["https://h/style.json"])
        let next = try plan.arrived(first[0], data: Self.style)
        let urls = Set(next.map(\.url))
        // Sprites at 1x and 2x, the query string kept at the end, as the map asks for them.
        #expect(urls.isSuperset(of: ["https://h/sprites/basic.json?key=k", "https://h/sprites/basic.png?key=k",
                                     "https://h/sprites/basic@2x.json?key=k", "https://h/sprites/basic@2x.png?key=k"]))
        #expect(urls.contains("https://h/fonts/Noto%20Sans%20Regular/0-255.pbf"))
        #expect(urls.contains("https://h/photo.json"))
        // Tiles wait for the raster source's TileJSON.
        #expect(!next.contains { $0.kind == .tile })
        #expect(plan.tileCount == nil)
    }

    @Test func tilesCoverTheBoxAtEachSourcesZoomsOnceEach() throws {
        var plan = OfflineRegionPlan(definition: Self.region, maxTiles: 1000)
        let style = plan.start()[0]
        let next = try plan.arrived(style, data: Self.style)
        let tileJSON = try #require(next.first { $0.url == "https://h/photo.json" })
        let tiles = try plan.arrived(tileJSON, data: Data(#"{"tiles": ["tiles/{z}/{x}/{y}.png"], "maxzoom": 5}"#.utf8))
        // Vector (512 px): map zooms 3...5 are tile zooms 3...5. Raster (256 px): 4...6, capped at its maxzoom 5.
        let vector = tiles.filter { $0.url.contains("/streets/") }.map(\.url)
        let raster = tiles.filter { $0.url.contains("/tiles/") }.map(\.url)
        // Zürich (8.4–8.7 E, 47.3–47.45 N) is tile 4/2/5 at z4 (mercantile), 8/10 at z5, 2/2 at z3.
        #expect(vector.contains("https://h/streets/4/8/5.pbf"))
        #expect(vector.contains("https://h/streets/3/4/2.pbf"))
        #expect(vector.contains("https://h/streets/5/16/11.pbf"))
        #expect(vector.count == 3)
        // The TileJSON's relative template resolves against the TileJSON's URL.
        #expect(Set(raster) == ["https://h/tiles/4/8/5.png", "https://h/tiles/5/16/11.png"])
        #expect(plan.tileCount == 5)
        #expect(Set(tiles.map(\.url)).count == tiles.count)
    }

    @Test func tooManyTilesAreRefusedUpFrontWithTheCount() throws {
        let wide = OfflineRegionDefinition(styleURL: "https://h/style.json",
                                           bounds: LngLatBounds(west: -10, south: 35, east: 30, north: 60), minZoom: 0, maxZoom: 10)
        var plan = OfflineRegionPlan(definition: wide, maxTiles: 100)
        let style = plan.start()[0]
        let next = try plan.arrived(style, data: Self.style)
        let tileJSON = try #require(next.first { $0.kind == .source })
        #expect {
            _ = try plan.arrived(tileJSON, data: Data(#"{"tiles": ["t/{z}/{x}/{y}.png"]}"#.utf8))
        } throws: { error in
            "\(error)".contains("more than the limit of 100") && "\(error)".contains("has ")
        }
    }

    @Test func aTilesLabelsAskForTheGlyphRangesTheirTextNeedsOnly() throws {
        var (plan, tiles) = try Self.plannedToTheTiles()
        let z4 = try #require(tiles.first { $0.url == "https://h/streets/4/8/5.pbf" })
        // Zürich fits the first range (already asked for); 東京 (U+6771, U+4EAC) needs two more; the town
        // is filtered out, so its Greek name asks for nothing.
        let data = try Self.placeTile([("Zürich", "city"), ("東京", "city"), ("Αθήνα", "town")])
        let glyphs = try plan.arrived(z4, data: data).map(\.url)
        #expect(Set(glyphs) == ["https://h/fonts/Noto%20Sans%20Regular/26368-26623.pbf",
                                "https://h/fonts/Noto%20Sans%20Regular/19968-20223.pbf"])
        // The same text in another tile asks for nothing new.
        let z5 = try #require(tiles.first { $0.url == "https://h/streets/5/16/11.pbf" })
        #expect(try plan.arrived(z5, data: data).isEmpty)
    }

    @Test func aTileThatDoesNotDecodeIsAProblemNotAnEnd() throws {
        var (plan, tiles) = try Self.plannedToTheTiles()
        let tile = try #require(tiles.first { $0.url.contains("/streets/") })
        #expect(try plan.arrived(tile, data: Data([0xFF, 0x13, 0x37, 0x00, 0x42])).isEmpty)
        #expect(plan.problems.contains { $0.contains("does not decode") })
    }

    @Test func aMissingTileJSONLeavesItsSourceOutAndTheRestGoesOn() throws {
        var plan = OfflineRegionPlan(definition: Self.region, maxTiles: 1000)
        let style = plan.start()[0]
        let next = try plan.arrived(style, data: Self.style)
        let tileJSON = try #require(next.first { $0.kind == .source })
        let tiles = try plan.failed(tileJSON, reason: "not-found")
        #expect(tiles.count == 3)
        #expect(plan.problems.contains { $0.contains("photo") })
    }

    @Test func anUnusableStyleEndsTheDownload() {
        var plan = OfflineRegionPlan(definition: Self.region, maxTiles: 1000)
        let style = plan.start()[0]
        #expect(throws: OfflineRegionError.self) { _ = try plan.arrived(style, data: Data("<html>".utf8)) }
        #expect(throws: OfflineRegionError.self) { _ = try plan.failed(style, reason: "connection") }
    }

    @Test(arguments: [
        ("8,47,9,48", "0-14", true), ("8, 47, 9, 48", "5", true),
        ("9,47,8,48", "0-14", false), ("8,47,9", "0-14", false), ("8,47,9,91", "0-14", false),
        ("8,47,9,48", "14-3", false), ("8,47,9,48", "0-25", false), ("8,47,9,48", "-1-3", false), ("a,b,c,d", "1", false),
    ])
    func boundsAndZoomArgumentsAreChecked(bounds: String, zoom: String, valid: Bool) {
        let parsed = try? OfflineRegionDefinition(styleURL: "s", bounds: bounds, zoom: zoom, pixelRatio: 1)
        #expect((parsed != nil) == valid)
    }
}

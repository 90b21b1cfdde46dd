import Foundation
import Testing
@testable import MapWireServe

/// style.json for a URL style: its relative URLs made absolute against the style's URL, templates kept;
/// TileJSON's centre.
@Suite struct ClientStyleTests {
    @Test func relativeURLsResolveAgainstTheStyleAndOthersStay() {
        let base = "https://tiles.example/styles/v1/style.json?key=1"
        #expect(ClientStyle.absolute("sprite", base) == "https://tiles.example/styles/v1/sprite")
        #expect(ClientStyle.absolute("./data/points.geojson", base) == "https://tiles.example/styles/v1/data/points.geojson")
        #expect(ClientStyle.absolute("/fonts/{fontstack}/{range}.pbf", base) == "https://tiles.example/fonts/{fontstack}/{range}.pbf")
        #expect(ClientStyle.absolute("//cdn.example/t/{z}/{x}/{y}.pbf", base) == "https://cdn.example/t/{z}/{x}/{y}.pbf")
        for kept in ["mapbox://sprites/mapbox/bright-v9", "http://other.example/a.json", "pmtiles://x.pmtiles"] {
            #expect(ClientStyle.absolute(kept, base) == kept)
        }
    }

    @Test func aStyleGetsItsSpriteGlyphsAndSourcesMadeAbsolute() throws {
        let style = #"""
            {"version": 8, "sprite": "sprites/town", "glyphs": "fonts/{fontstack}/{range}.pbf",
             "sources": {"a": {"type": "vector", "url": "tiles.json"}, "b": {"type": "vector", "tiles": ["t/{z}/{x}/{y}.pbf"]},
                         "c": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": []}
            """#
        let out = try #require(ClientStyle.reachable(Data(style.utf8), base: "http://h:1/s/style.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
        #expect(json["sprite"] as? String == "http://h:1/s/sprites/town")
        #expect(json["glyphs"] as? String == "http://h:1/s/fonts/{fontstack}/{range}.pbf")
        let sources = try #require(json["sources"] as? [String: [String: Any]])
        #expect(sources["a"]?["url"] as? String == "http://h:1/s/tiles.json")
        #expect(sources["b"]?["tiles"] as? [String] == ["http://h:1/s/t/{z}/{x}/{y}.pbf"])
        #expect(sources["c"]?["data"] is [String: Any], "inline GeoJSON stays")
        #expect(ClientStyle.reachable(Data("[1]".utf8), base: "http://h/") == nil)
    }

    @Test func rewritesApplyTheirFirstMatchingPrefix() {
        let rules = ["mapbox://styles/=http://127.0.0.1:9/styles/", "mapbox://=file:///srv/"]
        #expect(ClientStyle.rewritten("mapbox://styles/bright.json", rules) == "http://127.0.0.1:9/styles/bright.json")
        #expect(ClientStyle.rewritten("https://x/y.json", rules) == "https://x/y.json")
    }

    @Test func tileJSONCentreIsTheStylesOrTheWorldsMiddle() {
        #expect(ServeResponder.center([13.4, 52.5], zoom: 14) == [13.4, 52.5, 15])
        #expect(ServeResponder.center([-87.6, 41.9], zoom: 12.4) == [-87.6, 41.9, 13])
        #expect(ServeResponder.center(nil, zoom: nil) == [0, 0, 2])
        #expect(ServeResponder.center([.nan, 1], zoom: 3) == [0, 0, 2])
    }
}

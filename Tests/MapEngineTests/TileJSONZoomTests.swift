import Foundation
import Testing
@testable import MapEngine

/// A loaded TileJSON's minzoom and maxzoom are checked: 0...30 and min <= max, else a source error.
@Suite struct TileJSONZoomTests {
    private func vectorSource() throws -> SourceSpecification {
        try SourceSpecification(json: ["type": "vector", "url": "https://maps.test/t.json"], baseURL: nil)
    }

    private func tileJSON(_ zooms: String) -> Data {
        Data(#"{"tiles": ["https://maps.test/{z}/{x}/{y}.pbf"]\#(zooms)}"#.utf8)
    }

    @Test func zoomsInRangeAreTaken() throws {
        var spec = try vectorSource()
        try spec.apply(tileJSON: tileJSON(#", "minzoom": 2, "maxzoom": 30"#), baseURL: nil)
        #expect(spec.minZoom == 2 && spec.maxZoom == 30)
        try spec.apply(tileJSON: tileJSON(#", "maxzoom": 14.5"#), baseURL: nil)
        #expect(spec.minZoom == 2 && spec.maxZoom == 14)
    }

    @Test(arguments: [
        (#", "maxzoom": 1e300"#, "maxzoom must be a number in 0...30"),
        (#", "maxzoom": -1e300"#, "maxzoom must be a number in 0...30"),
        (#", "minzoom": -1"#, "minzoom must be a number in 0...30"),
        (#", "maxzoom": 31"#, "maxzoom must be a number in 0...30"),
        (#", "minzoom": "3""#, "minzoom must be a number in 0...30"),
        (#", "maxzoom": true"#, "maxzoom must be a number in 0...30"),
        (#", "minzoom": 10, "maxzoom": 4"#, "minzoom 10 is above its maxzoom 4"),
    ])
    func badZoomsAreRefusedAndChangeNothing(_ zooms: String, _ message: String) throws {
        var spec = try vectorSource()
        let before = spec
        let error = #expect(throws: StyleError.self) { try spec.apply(tileJSON: tileJSON(zooms), baseURL: nil) }
        #expect(error?.message.contains(message) == true)
        #expect(spec == before)
    }

    @Test func aBadTileJSONIsASourceErrorOfTheMap() throws {
        let h = MapHarness()
        let style = Fixture.style(sources: #""streets": {"type": "vector", "url": "https://maps.test/tiles/streets.json"}"#,
                                  layers: [#"{"id": "roads", "type": "line", "source": "streets"}"#])
        try h.map.setStyleJSON(style, baseURL: nil)
        _ = h.drain()
        try h.answer(Fixture.tileJSONURL, #"{"tiles": ["https://maps.test/{z}/{x}/{y}.pbf"], "maxzoom": 1e300}"#)
        let events = h.drainEvents()
        #expect(events.map(\.summary) == [
            "resource-request source \(Fixture.tileJSONURL)", "map-loading-error source streets",
            "style-data-loaded sources", "style-loaded",
        ])
        let error = try #require(events[1].loadingError)
        #expect(error.message.contains("source \"streets\""))
        #expect(error.message.contains("maxzoom must be a number in 0...30"))
        #expect(h.newLoads().count == 1)  // no tiles for a source whose TileJSON was refused
    }
}

import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// A GeoJSON source's data changed at run time: the whole of it, or features by id; its events.
@Suite struct RuntimeSourceDataTests {
    static let points = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": 1, "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"name": "a"}},
          {"type": "Feature", "id": 2, "geometry": {"type": "Point", "coordinates": [1, 1]}, "properties": {"name": "b"}}]}
        """#

    /// A loaded style with the inline vector source "v" and the GeoJSON source "pts".
    func loaded(data: String = points) throws -> MapHarness {
        let h = MapHarness()
        try h.map.setCamera(center: LngLat(longitude: 0, latitude: 0), zoom: 2, bearing: nil, pitch: nil)
        try h.map.setStyleJSON(Fixture.style(sources: Fixture.inlineSource + #", "pts": {"type": "geojson", "data": \#(data)}"#,
                                             layers: [Fixture.lineLayer, #"{"id": "dots", "type": "circle", "source": "pts"}"#]),
                               baseURL: nil)
        try h.answerTiles(h.cover())
        h.map.renderFrame()
        _ = h.drain()
        _ = h.newLoads()
        return h
    }

    /// The GeoJSON renderers get for a source, and its key.
    func data(_ map: Map, _ source: String) throws -> (key: String, json: [String: Any]) {
        let resource = try #require(map.renderResources().resources.first { $0.kind == .geojson && $0.sourceID == source })
        return (resource.key, try #require(try JSONSerialization.jsonObject(with: resource.data) as? [String: Any]))
    }

    func ids(_ json: [String: Any]) -> [Int] {
        (json["features"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func newDataPublishesMetadataThenTheTilesOfTheViewAndLoadsNothing() throws {
        let h = try loaded()
        let key = try data(h.map, "pts").key
        try h.map.setSourceData(id: "pts", json: #"{"type": "Point", "coordinates": [5, 5]}"#)
        let tiles = h.cover(maxZoom: 18).map { "source-data-loaded tile pts \($0.z)/\($0.x)/\($0.y)" }
        let events = h.drain()
        #expect(events.first == "source-data-loaded metadata pts")
        #expect(events.dropFirst().map { $0.replacingOccurrences(of: " loaded=false", with: "").replacingOccurrences(of: " loaded=true", with: "") } == tiles)
        #expect(events.last?.hasSuffix("loaded=true") == true)
        #expect(events.dropFirst().dropLast().allSatisfy { $0.hasSuffix("loaded=false") })
        #expect(h.newLoads().isEmpty)
        let (newKey, json) = try data(h.map, "pts")
        #expect(newKey != key)
        #expect(json["type"] as? String == "Point")
        // get-style shows the data now held.
        #expect(try h.map.currentStyleJSON().contains("[5,5]"))
    }

    @Test(arguments: [
        (#"{"type": "Wobble"}"#, "not GeoJSON"), (#"{"type": "Point", "coordinates": "here"}"#, "not GeoJSON"),
        ("[1, 2]", "not GeoJSON"), ("{", "not valid JSON"), (#""""#, "empty"),
    ])
    func badDataIsRefusedAndTheOldDataStays(_ json: String, _ why: String) throws {
        let h = try loaded()
        let before = try data(h.map, "pts").key
        let error = #expect(throws: MapCommandError.self) { try h.map.setSourceData(id: "pts", json: json) }
        #expect(error?.message.contains(why) == true, "\(error?.message ?? "")")
        #expect(try data(h.map, "pts").key == before)
        #expect(h.drain() == [])
    }

    @Test func onlyGeoJSONSourcesTakeData() throws {
        let h = try loaded()
        let error = #expect(throws: MapCommandError.self) { try h.map.setSourceData(id: "v", json: Self.points) }
        #expect(error?.message.contains("only GeoJSON sources") == true)
        let missing = #expect(throws: MapCommandError.self) { try h.map.setSourceData(id: "nope", json: Self.points) }
        #expect(missing?.reason == .notFound)
    }

    @Test func aURLLoadsAndItsEventsFollowTheLoad() throws {
        let h = try loaded()
        try h.map.setSourceData(id: "pts", json: #""https://maps.test/points.geojson""#)
        #expect(h.newLoads().map(\.request.url) == ["https://maps.test/points.geojson"])
        #expect(h.drain() == [])
        try h.answer("https://maps.test/points.geojson", #"{"type": "Point", "coordinates": [3, 3]}"#)
        let events = h.drain().filter { $0.hasPrefix("source-data-loaded") }
        #expect(events.first == "source-data-loaded metadata pts")
        #expect(events.count > 1 && events.last?.hasSuffix("loaded=true") == true)
        #expect(try data(h.map, "pts").json["type"] as? String == "Point")
    }

    @Test func partialUpdatesAddRemoveAndChangeFeaturesById() throws {
        let h = try loaded()
        try h.map.updateSourceData(id: "pts", diff: #"""
            {"remove": [1],
             "add": [{"type": "Feature", "id": 3, "geometry": {"type": "Point", "coordinates": [2, 2]}, "properties": {}}],
             "update": [{"id": 2, "newGeometry": {"type": "Point", "coordinates": [9, 9]},
                         "addOrUpdateProperties": [{"key": "name", "value": "B"}, {"key": "size", "value": 4}]}]}
            """#)
        let json = try data(h.map, "pts").json
        #expect(ids(json) == [2, 3])
        let two = try #require((json["features"] as? [[String: Any]])?.first)
        #expect((two["properties"] as? [String: Any])?["name"] as? String == "B")
        #expect(((two["geometry"] as? [String: Any])?["coordinates"] as? [Double]) == [9, 9])
        #expect(h.drain().first == "source-data-loaded metadata pts")
        try h.map.updateSourceData(id: "pts", diff: #"{"update": [{"id": 2, "removeProperties": ["size"]}]}"#)
        #expect(((try data(h.map, "pts").json["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])?["size"] == nil)
        try h.map.updateSourceData(id: "pts", diff: #"{"removeAll": true}"#)
        #expect(ids(try data(h.map, "pts").json) == [])
    }

    @Test(arguments: [
        (#"{"remove": [7]}"#, "no features with ids 7"),
        (#"{"update": [{"id": 8, "removeAllProperties": true}]}"#, "no feature with id 8"),
        // A good part before the bad one is not applied either.
        (#"{"remove": [1], "update": [{"id": 1, "removeAllProperties": true}]}"#, "no feature with id 1"),
        (#"{"add": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}]}"#, "has no id"),
        (#"{"add": [{"type": "Feature", "id": 5, "geometry": {"type": "Point", "coordinates": "x"}}]}"#, "add[0]"),
        (#"{"replace": []}"#, "unknown member"),
        (#"[]"#, "JSON object"),
    ])
    func aBadUpdateChangesNothing(_ diff: String, _ why: String) throws {
        let h = try loaded()
        let before = try data(h.map, "pts")
        let error = #expect(throws: MapCommandError.self) { try h.map.updateSourceData(id: "pts", diff: diff) }
        #expect(error?.message.contains(why) == true, "\(error?.message ?? "")")
        #expect(try data(h.map, "pts").key == before.key)
        #expect(ids(try data(h.map, "pts").json) == [1, 2])
        #expect(h.drain() == [])
    }

    @Test func partialUpdatesNeedIds() throws {
        let h = try loaded(data: #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}]}"#)
        let error = #expect(throws: MapCommandError.self) { try h.map.updateSourceData(id: "pts", diff: #"{"remove": [1]}"#) }
        #expect(error?.message.contains("has no id") == true)
    }
}

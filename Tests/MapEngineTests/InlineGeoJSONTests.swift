import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// A style's inline GeoJSON is kept as the bytes it was written as, cut out of the style's text; the rest of
/// the style reads as before, renderers get the data as its own resource, and get-style shows it as before.
@Suite struct InlineGeoJSONTests {
    static let points = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [1.5, -2.25e1]}, "properties": {"name": "a \"quoted\" \u00e9 name"}}]}"#

    /// The style with GeoJSON source "pts" written as `source` and a circle layer on it.
    func style(_ source: String) -> String {
        Fixture.style(sources: Fixture.inlineSource + #", "pts": \#(source)"#,
                      layers: [Fixture.lineLayer, #"{"id": "dots", "type": "circle", "source": "pts"}"#])
    }

    func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: [
        #"{"type": "geojson", "data": \#(points)}"#,
        #"{"data": \#(points), "type": "geojson"}"#,
        #"{"type": "geojson", "data": \#(points), "maxzoom": 12}"#,
        #"{"type": "geojson", "maxzoom": 12, "data": \#(points), "cluster": false}"#,
        #"{"type": "geojson",   "data" :  \#(points)  }"#,
    ])
    func theDataIsCutOutAsWrittenAndTheRestReadsTheSame(_ source: String) throws {
        let text = style(source)
        let document = try StyleDocument(data: Data(text.utf8), baseURL: nil)
        let spec = try #require(document.sources.first { $0.id == "pts" }?.spec)
        #expect(spec.inlineData == Data(Self.points.utf8))
        #expect(document.inlineGeoJSON == ["pts": Data(Self.points.utf8)])
        // The renderer's style is the given one without the data member.
        var expected = try object(Data(text.utf8))
        var sources = try #require(expected["sources"] as? [String: Any])
        var pts = try #require(sources["pts"] as? [String: Any])
        pts["data"] = nil
        sources["pts"] = pts
        expected["sources"] = sources
        #expect(NSDictionary(dictionary: try object(document.json)).isEqual(to: expected))
        #expect(document.layers.map(\.id) == ["roads", "dots"])
    }

    @Test func getStyleShowsTheInlineDataAsItDidWhenTheWholeStyleWasParsed() throws {
        let text = style(#"{"type": "geojson", "promoteId": "name", "data": \#(Self.points)}"#)
        let h = MapHarness()
        try h.map.setStyleJSON(text, baseURL: nil)
        // What get-style wrote from the whole style parsed: sorted keys, compact.
        let before = String(decoding: StyleModel.serialize(try object(Data(text.utf8))), as: UTF8.self)
        #expect(try h.map.currentStyleJSON() == before)
        let geojson = try #require(h.map.renderResources().resources.first { $0.kind == .geojson && $0.sourceID == "pts" })
        #expect(geojson.data == Data(Self.points.utf8))
        let rendererStyle = try #require(h.map.renderResources().resources.first { $0.kind == .style })
        #expect(!String(decoding: rendererStyle.data, as: UTF8.self).contains("coordinates"))
    }

    @Test func aSourceRemovedAndAddedAgainDoesNotGetItsOldDataBack() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(style(#"{"type": "geojson", "data": \#(Self.points)}"#), baseURL: nil)
        try h.map.removeLayer(id: "dots")
        try h.map.removeSource(id: "pts")
        #expect(try !h.map.currentStyleJSON().contains("coordinates"))
        try h.map.addSource(id: "pts", json: #"{"type": "geojson"}"#)
        #expect(try !h.map.currentStyleJSON().contains("coordinates"))
    }

    @Test func newDataReplacesTheInlineDataInGetStyle() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(style(#"{"type": "geojson", "data": \#(Self.points)}"#), baseURL: nil)
        try h.map.setSourceData(id: "pts", json: #"{"type": "Point", "coordinates": [5, 5]}"#)
        let json = try h.map.currentStyleJSON()
        #expect(json.contains(#"{"coordinates":[5,5],"type":"Point"}"#))
        #expect(!json.contains("quoted"))
    }

    /// What is not plainly one GeoJSON source's one data object stays in the style and is read as before.
    @Test(arguments: [
        #"{"type": "geojson", "data": "points.geojson"}"#,
        #"{"type": "geojson", "data": [1, 2]}"#,
        #"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}, "data": \#(points)}"#,
        #"{"type": "geojson", "type": "geojson", "data": \#(points)}"#,
        #"{"type": "vector", "tiles": ["https://maps.test/{z}/{x}/{y}"], "data": \#(points)}"#,
    ])
    func whatIsNotPlainlyInlineGeoJSONIsLeftInTheStyle(_ source: String) throws {
        let text = style(source)
        let document = try StyleDocument(data: Data(text.utf8), baseURL: nil)
        #expect(document.inlineGeoJSON.isEmpty)
        #expect(document.json == Data(text.utf8))
    }

    @Test func twoSourcesObjectsOrASourceIdGivenTwiceCutNothing() throws {
        let twice = #"{"version": 8, "sources": {"pts": {"type": "geojson", "data": \#(Self.points)}, "pts": {"type": "geojson", "data": \#(Self.points)}}, "layers": []}"#
        #expect(try StyleDocument(data: Data(twice.utf8), baseURL: nil).inlineGeoJSON.isEmpty)
        let twoSources = #"{"version": 8, "sources": {"pts": {"type": "geojson", "data": \#(Self.points)}}, "sources": {}, "layers": []}"#
        #expect(try StyleDocument(data: Data(twoSources.utf8), baseURL: nil).inlineGeoJSON.isEmpty)
    }

    @Test(arguments: [
        #"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0}}"#,
        #"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]"#,
        #"{"type": "geojson", "data": {"type": "Point" "coordinates": [0, 0]}}"#,
    ])
    func malformedInlineDataIsNotValidJSON(_ source: String) {
        #expect {
            try StyleDocument(data: Data(style(source).utf8), baseURL: nil)
        } throws: { ($0 as? StyleError)?.message.contains("is not valid JSON") == true }
    }

    @Test func aStyleThatIsNotAnObjectReadsAsBefore() {
        #expect {
            try StyleDocument(data: Data("[1, 2]".utf8), baseURL: nil)
        } throws: { ($0 as? StyleError)?.message == "the style must be a JSON object" }
    }
}

/// get-style writes GeoJSON a feature at a time; the text is the one a parse of the whole wrote.
@Suite struct SortedGeoJSONTextTests {
    @Test(arguments: [
        InlineGeoJSONTests.points,
        #"{"type": "FeatureCollection", "features": []}"#,
        #"  {"bbox": [-1, -2, 3.5, 4e2], "features": [1, "two", null, true, {"type": "Feature", "properties": {"features": [9], "b": -0.0, "a": 12345678901234567890, "c": 1e-7, "d": "\/ \u0001 é"}, "geometry": null}], "type": "FeatureCollection", "crs": {"z": 1, "a": 2}}  "#,
        #"{"features": [{"z": 1, "y": {"b": [{"d": 1, "c": 2}], "a": 0}}] }"#,
        #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}}"#,
        #"{"type": "GeometryCollection", "geometries": []}"#,
        #"{"features": {"not": "an array"}, "type": "FeatureCollection"}"#,
        #"{"features": [1], "features": [2], "type": "FeatureCollection"}"#,
        #"[{"b": 1, "a": 2}]"#,
    ])
    func theTextIsTheOneAWholeParseWrote(_ text: String) throws {
        let whole = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let written = try #require(SortedGeoJSONText.written(Data(text.utf8)))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: StyleModel.serialize(whole), as: UTF8.self))
    }

    @Test(arguments: [#"{"features": [1, 2}"#, #"{"features": [{"a": 1}]"#, "", "12", #""text""#, #"{"features": []} x"#])
    func whatIsNotAnObjectOrArrayOfJSONIsNil(_ text: String) {
        #expect(SortedGeoJSONText.written(Data(text.utf8)) == nil)
    }
}

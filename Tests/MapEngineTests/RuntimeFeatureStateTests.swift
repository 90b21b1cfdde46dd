import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// Feature state: kept per source, source layer and feature, merged, removed, and sent to renderers with the style.
@Suite struct RuntimeFeatureStateTests {
    func loaded(geojson: String = RuntimeSourceDataTests.points, promote: Bool = false) throws -> MapHarness {
        let h = MapHarness()
        let extra = promote ? #", "promoteId": "name""# : ""
        try h.map.setStyleJSON(Fixture.style(sources: Fixture.inlineSource + #", "pts": {"type": "geojson", "data": \#(geojson)\#(extra)}"#
                                             + #", "sat": {"type": "raster", "tiles": ["https://maps.test/r/{z}/{x}/{y}.png"]}"#),
                               baseURL: nil)
        _ = h.drain()
        return h
    }

    /// The feature state member of the style renderers get.
    func rendered(_ map: Map) throws -> [String: Any]? {
        let data = try #require(map.renderResources().resources.first { $0.kind == .style }?.data)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["mapwire:feature-state"] as? [String: Any]
    }

    @Test func stateIsMergedReadAndRemoved() throws {
        let h = try loaded()
        try h.map.setFeatureState(source: "pts", sourceLayer: nil, id: "1", state: #"{"hover": true, "rank": 2}"#)
        try h.map.setFeatureState(source: "pts", sourceLayer: nil, id: "1", state: #"{"rank": 3}"#)
        #expect(try h.map.featureStateJSON(source: "pts", sourceLayer: nil, id: "1") == #"{"hover":true,"rank":3}"#)
        #expect(try h.map.featureStateJSON(source: "pts", sourceLayer: nil, id: "2") == "{}")
        let sent = try #require(try rendered(h.map)?["pts"] as? [String: Any])
        #expect(((sent[""] as? [String: Any])?["1"] as? [String: Any])?["rank"] as? Int == 3)
        try h.map.removeFeatureState(source: "pts", sourceLayer: nil, id: "1", key: "hover")
        #expect(try h.map.featureStateJSON(source: "pts", sourceLayer: nil, id: "1") == #"{"rank":3}"#)
        try h.map.removeFeatureState(source: "pts", sourceLayer: nil, id: nil, key: nil)
        #expect(try h.map.featureStateJSON(source: "pts", sourceLayer: nil, id: "1") == "{}")
        #expect(try rendered(h.map) == nil)
        #expect(h.drain() == [])
        #expect(h.newLoads().filter { $0.request.kind == .style }.isEmpty)
    }

    @Test func vectorSourcesNeedTheirSourceLayer() throws {
        let h = try loaded()
        let error = #expect(throws: MapCommandError.self) {
            try h.map.setFeatureState(source: "v", sourceLayer: nil, id: "7", state: #"{"on": true}"#)
        }
        #expect(error?.message.contains("source layer") == true)
        try h.map.setFeatureState(source: "v", sourceLayer: "road", id: "7", state: #"{"on": true}"#)
        #expect(try h.map.featureStateJSON(source: "v", sourceLayer: "road", id: "7") == #"{"on":true}"#)
        #expect(try h.map.featureStateJSON(source: "v", sourceLayer: "water", id: "7") == "{}")
    }

    @Test(arguments: [
        ("sat", "1", #"{"on": true}"#, "no features"),
        ("nope", "1", #"{"on": true}"#, "no source"),
        ("pts", "abc", #"{"on": true}"#, "not an unsigned integer"),
        ("pts", "", #"{"on": true}"#, "feature id is needed"),
        ("pts", "1", "[true]", "JSON object"),
        ("pts", "1", "{", "not valid JSON"),
    ])
    func badTargetsAndStatesAreRefused(_ source: String, _ id: String, _ state: String, _ why: String) throws {
        let h = try loaded()
        let error = #expect(throws: MapCommandError.self) { try h.map.setFeatureState(source: source, sourceLayer: nil, id: id, state: state) }
        #expect(error?.message.contains(why) == true, "\(error?.message ?? "")")
        #expect(try rendered(h.map) == nil)
    }

    @Test func aGeoJSONSourceWithoutIdsRefusesAndOneThatPromotesAPropertyTakesItsValues() throws {
        let noIDs = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"name": "x"}}"#
        let h = try loaded(geojson: noIDs)
        let error = #expect(throws: MapCommandError.self) { try h.map.setFeatureState(source: "pts", sourceLayer: nil, id: "1", state: "{}") }
        #expect(error?.message.contains("have no ids") == true)
        let promoted = try loaded(geojson: noIDs, promote: true)
        try promoted.map.setFeatureState(source: "pts", sourceLayer: nil, id: "x", state: #"{"on": 1}"#)
        #expect(try promoted.map.featureStateJSON(source: "pts", sourceLayer: nil, id: "x") == #"{"on":1}"#)
    }

    @Test func aKeyNeedsAFeatureAndARemovedSourceTakesItsStateAlong() throws {
        let h = try loaded()
        #expect(throws: MapCommandError.self) { try h.map.removeFeatureState(source: "pts", sourceLayer: nil, id: nil, key: "hover") }
        try h.map.setFeatureState(source: "pts", sourceLayer: nil, id: "2", state: #"{"hover": true}"#)
        try h.map.removeSource(id: "pts")
        #expect(try rendered(h.map) == nil)
    }
}

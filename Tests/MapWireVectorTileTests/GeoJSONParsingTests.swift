import Foundation
import MapWireVectorTile
import Testing

@Suite struct GeoJSONParsingTests {
    typealias S = GeoJSONSamples

    static func onlyFeature(_ json: String) throws -> VectorFeature {
        let features = try S.tiler(json).tile(z: 0, x: 0, y: 0).features
        try #require(features.count == 1)
        return features[0]
    }

    @Test func propertiesBecomeFeatureValues() throws {
        let properties = #"""
        {"s":"a","i":3,"neg":-4,"zero":0,"one":1,"whole":2.0,"f":1.5,"big":12345678901234567890,
         "b":true,"bf":false,"n":null,"o":{"b":1,"a":[1,"x/y"],"t":true},"arr":[1,2.5]}
        """#
        let feature = try Self.onlyFeature(S.feature(S.geometry("Point", "[0,0]"), properties: properties))
        #expect(feature.properties == [
            "s": .string("a"), "i": .int(3), "neg": .int(-4), "zero": .int(0), "one": .int(1),
            "whole": .int(2), "f": .double(1.5), "big": .double(Double(UInt64(12_345_678_901_234_567_890))),
            "b": .bool(true), "bf": .bool(false),
            "o": .string(#"{"a":[1,"x/y"],"b":1,"t":true}"#), "arr": .string("[1,2.5]"),
        ])
    }

    @Test func swiftValuesWorkThroughInitJSON() throws {
        let json: [String: Any] = [
            "type": "Feature", "id": 9,
            "geometry": ["type": "Point", "coordinates": [10.0, 20]],
            "properties": ["flag": true, "count": 7, "ratio": 0.25, "name": "x"],
        ]
        let feature = try #require(try GeoJSONTiler(json: json).tile(z: 0, x: 0, y: 0).features.first)
        #expect(feature.id == 9)
        #expect(feature.properties == ["flag": .bool(true), "count": .int(7), "ratio": .double(0.25), "name": .string("x")])
    }

    @Test func numericIDsOnly() throws {
        let point = S.geometry("Point", "[0,0]")
        #expect(try Self.onlyFeature(S.feature(point, id: "42")).id == 42)
        #expect(try Self.onlyFeature(S.feature(point, id: "\"abc\"")).id == nil)
        #expect(try Self.onlyFeature(S.feature(point, id: "-1")).id == nil)
        #expect(try Self.onlyFeature(S.feature(point, id: "2.5")).id == nil)
    }

    @Test func malformedInputsGiveClearErrors() {
        func error(_ text: String) -> GeoJSONError? {
            do { _ = try GeoJSONTiler(data: Data(text.utf8)); return nil } catch { return error }
        }
        guard case .invalidJSON = error("{") else { Issue.record("truncated JSON accepted"); return }
        #expect(error("42") == .notAnObject(path: "root"))
        #expect(error("{}") == .missingType(path: "root"))
        #expect(error(#"{"type":"Model","geometry":[1,2]}"#) == .unknownType("Model", path: "root"))
        #expect(error(#"{"type":"FeatureCollection"}"#) == .missingMember("features", path: "root"))
        #expect(error(S.geometry("Point", "[1]")) == .invalidCoordinates(path: "root"))
        #expect(error(S.geometry("Point", #"["a",1]"#)) == .invalidCoordinates(path: "root"))
        #expect(error(S.geometry("Point", "[true,1]")) == .invalidCoordinates(path: "root"))
        #expect(error(S.geometry("LineString", "[[0,0]]")) == .invalidCoordinates(path: "root"))
        #expect(error(S.geometry("Polygon", "[[[0,0],[1,1],[0,0]]]")) == .invalidCoordinates(path: "root"))
        #expect(error(#"{"type":"Point"}"#) == .missingMember("coordinates", path: "root"))
        #expect(error(#"{"type":"Feature","properties":{}}"#) == .missingMember("geometry", path: "root"))
        let broken = S.feature(S.geometry("Point", "[]"))
        #expect(error(S.collection([broken])) == .everyFeatureInvalid(count: 1, first: .invalidCoordinates(path: "features[0].geometry")))
        #expect(GeoJSONError.unknownType("Model", path: "root").description == "root has unknown GeoJSON type \"Model\"")
    }

    @Test func brokenFeatureIsSkippedWhenOthersAreValid() throws {
        let json = S.collection([
            S.feature(S.geometry("Point", "[]"), id: "1"),
            S.feature(S.geometry("Point", "[0,0]"), id: "2"),
            #"{"type":"Feature","geometry":null,"properties":{}}"#,
            "17",
        ])
        #expect(try S.tiler(json).tile(z: 0, x: 0, y: 0).features.map(\.id) == [2])
    }

    @Test func nullGeometryAndEmptyCollectionsAreValidAndEmpty() throws {
        #expect(try S.tiler(#"{"type":"Feature","geometry":null,"properties":null}"#).tile(z: 0, x: 0, y: 0).features.isEmpty)
        #expect(try S.tiler(S.collection([])).tile(z: 0, x: 0, y: 0).features.isEmpty)
    }

    @Test func geometryCollectionBecomesOneFeaturePerMember() throws {
        let collection = #"{"type":"GeometryCollection","geometries":[\#(S.geometry("Point", "[1,1]")),\#(S.geometry("LineString", "[[0,0],[5,5]]"))]}"#
        let features = try S.tiler(S.feature(collection, properties: #"{"k":"v"}"#, id: "3")).tile(z: 0, x: 0, y: 0).features
        #expect(features.map(\.type) == [.point, .lineString])
        #expect(features.allSatisfy { $0.id == 3 && $0.properties == ["k": .string("v")] })
    }

    @Test func invalidOptionsAreRejected() {
        let point = Data(S.geometry("Point", "[0,0]").utf8)
        #expect(throws: GeoJSONError.self) { try GeoJSONTiler(data: point, extent: 0) }
        #expect(throws: GeoJSONError.self) { try GeoJSONTiler(data: point, buffer: -1) }
        #expect(throws: GeoJSONError.self) { try GeoJSONTiler(data: point, maxZoom: 99) }
        #expect(throws: GeoJSONError.self) { try GeoJSONTiler(data: point, tolerance: .nan) }
    }
}

import Foundation
import MapWireVectorTile
import Testing

@Suite struct MVTDecoderTests {
    typealias F = TileFactory

    @Test func emptyBufferIsATileWithoutLayers() throws {
        let tile = try MVTDecoder.decode(Data())
        #expect(tile.layers.isEmpty)
        #expect(tile.layerOrder.isEmpty)
    }

    @Test func layersKeepTheirOrderAndSettings() throws {
        let point = F.feature(type: .point, geometry: [9, 50, 34])
        let data = try F.data(
            F.layer("water", extent: 512, features: [point]),
            F.layer("roads", version: 1, features: [point]),
            F.layer("empty", features: []))
        let tile = try MVTDecoder.decode(data)
        #expect(tile.layerOrder == ["water", "roads", "empty"])
        #expect(tile.layers["water"]?.extent == 512)
        #expect(tile.layers["roads"]?.version == 1)
        #expect(tile.layers["roads"]?.extent == 4096)  // the proto default
        #expect(tile.layers["empty"]?.features.isEmpty == true)
        #expect(tile.orderedLayers.map(\.name) == ["water", "roads", "empty"])
    }

    @Test func propertiesKeepTheirEncodedNumberTypes() throws {
        let values = [
            F.value { $0.stringValue = "park" }, F.value { $0.floatValue = 1.5 }, F.value { $0.doubleValue = -2.25 },
            F.value { $0.intValue = -7 }, F.value { $0.uintValue = UInt64.max }, F.value { $0.sintValue = -9 },
            F.value { $0.boolValue = false },
        ]
        let keys = ["s", "f", "d", "i", "u", "z", "b"]
        let tags: [UInt32] = (0..<7).flatMap { [UInt32($0), UInt32($0)] }
        let data = try F.data(F.layer("l", keys: keys, values: values, features: [F.feature(id: 42, type: .point, geometry: [9, 2, 2], tags: tags)]))
        let feature = try #require(try MVTDecoder.decode(data).layers["l"]?.features.first)
        #expect(feature.id == 42)
        #expect(feature.properties == [
            "s": .string("park"), "f": .double(1.5), "d": .double(-2.25), "i": .int(-7),
            "u": .uint(UInt64.max), "z": .int(-9), "b": .bool(false),
        ])
    }

    @Test func featureWithoutIDHasNil() throws {
        let data = try F.data(type: .point, geometry: [9, 2, 2])
        #expect(try MVTDecoder.decode(data).layers["test"]?.features.first?.id == nil)
    }

    @Test func multiPointLinesAndPolygonsDecodeFromTheSpecExamples() throws {
        // Spec 4.3.5 examples.
        let multiPoint = try MVTDecoder.decode(F.data(type: .point, geometry: [17, 10, 14, 3, 9]))
        #expect(multiPoint.layers["test"]?.features[0].geometry == [[TilePoint(x: 5, y: 7), TilePoint(x: 3, y: 2)]])

        let lines = try MVTDecoder.decode(F.data(type: .linestring, geometry: [9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8]))
        #expect(lines.layers["test"]?.features[0].geometry == [
            [TilePoint(x: 2, y: 2), TilePoint(x: 2, y: 10), TilePoint(x: 10, y: 10)],
            [TilePoint(x: 1, y: 1), TilePoint(x: 3, y: 5)],
        ])

        let polygon = try MVTDecoder.decode(F.data(type: .polygon, geometry: [9, 6, 12, 18, 10, 12, 24, 44, 15]))
        let feature = try #require(polygon.layers["test"]?.features.first)
        #expect(feature.type == .polygon)
        #expect(feature.geometry == [[TilePoint(x: 3, y: 6), TilePoint(x: 8, y: 12), TilePoint(x: 20, y: 34)]])
    }

    @Test func multiPolygonGroupsHolesWithTheirExterior() throws {
        // Spec 4.3.5.6: two polygons, the second with a hole.
        let geometry: [UInt32] = [
            9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15,
            9, 22, 2, 26, 18, 0, 0, 18, 17, 0, 15,
            9, 4, 13, 26, 0, 8, 8, 0, 0, 7, 15,
        ]
        let feature = try #require(try MVTDecoder.decode(F.data(type: .polygon, geometry: geometry)).layers["test"]?.features.first)
        #expect(feature.geometry.count == 3)
        let polygons = feature.polygons()
        #expect(polygons.map(\.count) == [1, 2])
        #expect(polygons[1][1] == [TilePoint(x: 13, y: 13), TilePoint(x: 13, y: 17), TilePoint(x: 17, y: 17), TilePoint(x: 17, y: 13)])
        #expect(RingArea.doubledSignedArea(polygons[1][0]) > 0)
        #expect(RingArea.doubledSignedArea(polygons[1][1]) < 0)
    }

    @Test func polygonsDropZeroAreaRingsAndLeadingHoles() {
        let hole = [TilePoint(x: 0, y: 0), TilePoint(x: 0, y: 5), TilePoint(x: 5, y: 5)]  // negative area
        let flat = [TilePoint(x: 0, y: 0), TilePoint(x: 5, y: 0), TilePoint(x: 9, y: 0)]
        let exterior = [TilePoint(x: 0, y: 0), TilePoint(x: 5, y: 0), TilePoint(x: 5, y: 5)]
        let feature = VectorFeature(type: .polygon, geometry: [hole, exterior, flat, hole])
        #expect(feature.polygons() == [[exterior, hole]])
    }

    @Test func duplicateLayerNamesKeepTheFirst() throws {
        let data = try F.data(
            F.layer("a", features: [F.feature(id: 1, type: .point, geometry: [9, 2, 2])]),
            F.layer("a", features: [F.feature(id: 2, type: .point, geometry: [9, 2, 2])]))
        let tile = try MVTDecoder.decode(data)
        #expect(tile.layerOrder == ["a"])
        #expect(tile.layers["a"]?.features.first?.id == 1)
    }

    @Test func layerProblemsAreFatal() throws {
        var nameless = F.layer("x", features: [])
        nameless.clearName()
        #expect(throws: VectorTileDecodingError.missingLayerName(layerIndex: 0)) { try MVTDecoder.decode(F.data(nameless)) }
        #expect(throws: VectorTileDecodingError.missingLayerVersion(layer: "x")) { try MVTDecoder.decode(F.data(F.layer("x", version: nil, features: []))) }
        #expect(throws: VectorTileDecodingError.unsupportedLayerVersion(layer: "x", version: 3)) { try MVTDecoder.decode(F.data(F.layer("x", version: 3, features: []))) }
        #expect(throws: VectorTileDecodingError.zeroExtent(layer: "x")) { try MVTDecoder.decode(F.data(F.layer("x", extent: 0, features: []))) }
    }

    @Test func valueProblemsAreFatal() throws {
        let empty = F.layer("x", values: [VectorTile_Tile.Value()], features: [])
        #expect(throws: VectorTileDecodingError.valueWithoutType(layer: "x", valueIndex: 0)) { try MVTDecoder.decode(F.data(empty)) }
        let double = F.layer("x", values: [F.value { $0.intValue = 1; $0.stringValue = "1" }], features: [])
        #expect(throws: VectorTileDecodingError.valueWithSeveralTypes(layer: "x", valueIndex: 0)) { try MVTDecoder.decode(F.data(double)) }
    }

    @Test func tagIndexesAreBoundsChecked() throws {
        let values = [F.value { $0.boolValue = true }]
        let badKey = F.layer("x", keys: ["k"], values: values, features: [F.feature(type: .point, geometry: [9, 2, 2], tags: [1, 0])])
        #expect(throws: VectorTileDecodingError.keyIndexOutOfRange(layer: "x", feature: 0, index: 1, keyCount: 1)) { try MVTDecoder.decode(F.data(badKey)) }
        let badValue = F.layer("x", keys: ["k"], values: values, features: [F.feature(type: .point, geometry: [9, 2, 2], tags: [0, UInt32.max])])
        #expect(throws: VectorTileDecodingError.valueIndexOutOfRange(layer: "x", feature: 0, index: UInt32.max, valueCount: 1)) { try MVTDecoder.decode(F.data(badValue)) }
        // An unpaired last tag is ignored (recoverable), the pair before it is kept.
        let odd = F.layer("x", keys: ["k"], values: values, features: [F.feature(type: .point, geometry: [9, 2, 2], tags: [0, 0, 0])])
        #expect(try MVTDecoder.decode(F.data(odd)).layers["x"]?.features.first?.properties == ["k": .bool(true)])
    }

    @Test func featureWithoutGeometryIsDropped() throws {
        let data = try F.data(F.layer("x", features: [F.feature(type: .point, geometry: []), F.feature(id: 7, type: .point, geometry: [9, 2, 2])]))
        #expect(try MVTDecoder.decode(data).layers["x"]?.features.map(\.id) == [7])
    }

    @Test func errorsReadWell() {
        let error = VectorTileDecodingError.invalidGeometry(layer: "roads", feature: 3, problem: .closePathCountNotOne(2))
        #expect(error.description == "feature #3 of layer \"roads\" has invalid geometry: ClosePath with a count of 2 (must be 1)")
    }
}

import Foundation
import Testing
import MapWireVectorTile
@testable import MapWireDemo

@Suite struct VectorTileEncodingTests {
    @Test func pointUsesMoveToAndZigzagDeltas() {
        // The spec's own example: a point at (25, 17) is [9, 50, 34].
        #expect(GeometryCommandEncoder.encode(.points([TilePoint(x: 25, y: 17)])) == [9, 50, 34])
        #expect(GeometryCommandEncoder.zigzag(-1) == 1)
        #expect(GeometryCommandEncoder.zigzag(-2048) == 4095)
    }

    @Test func geometriesRoundTripThroughATile() throws {
        let multiPoint = TileGeometry.points([TilePoint(x: 5, y: 7), TilePoint(x: 3, y: 2)])
        let lines = TileGeometry.lineStrings([
            [TilePoint(x: 2, y: 2), TilePoint(x: 2, y: 10), TilePoint(x: 10, y: 10)],
            [TilePoint(x: 1, y: 1), TilePoint(x: 3, y: 5)],
        ])
        // Exterior given counter-clockwise on screen and hole clockwise: the encoder must flip both.
        let exterior = [TilePoint(x: 0, y: 0), TilePoint(x: 0, y: 10), TilePoint(x: 10, y: 10), TilePoint(x: 10, y: 0)]
        let hole = [TilePoint(x: 2, y: 2), TilePoint(x: 8, y: 2), TilePoint(x: 8, y: 8), TilePoint(x: 2, y: 8)]
        let polygon = TileGeometry.polygons([[exterior, hole], [[TilePoint(x: 20, y: 20), TilePoint(x: 30, y: 20), TilePoint(x: 30, y: 30)]]])

        var layer = VectorTileLayerBuilder(name: "shapes")
        layer.addFeature(id: 1, geometry: multiPoint, properties: ["kind": .string("a"), "rank": .int(-3)])
        layer.addFeature(geometry: lines, properties: ["kind": .string("a"), "ratio": .double(0.5)])
        layer.addFeature(geometry: polygon, properties: ["kind": .string("b"), "open": .bool(true)])
        var tile = VectorTileBuilder()
        tile.add(layer)
        tile.add(VectorTileLayerBuilder(name: "empty"))

        let decoded = try VectorTileDecoder.decode(tile.serializedData())
        #expect(decoded.map(\.name) == ["shapes"])
        let features = decoded[0].features
        #expect(decoded[0].extent == 4096)
        #expect(features[0].id == 1)
        #expect(features[0].geometry == multiPoint)
        #expect(features[0].properties == ["kind": .string("a"), "rank": .int(-3)])
        #expect(features[1].geometry == lines)
        #expect(features[1].properties["ratio"] == .double(0.5))
        guard case .polygons(let polygons) = features[2].geometry else {
            Issue.record("expected polygons")
            return
        }
        #expect(polygons.count == 2)
        #expect(Set(polygons[0][0]) == Set(exterior))
        #expect(RingArea.doubledSignedArea(polygons[0][0]) > 0)
        #expect(RingArea.doubledSignedArea(polygons[0][1]) < 0)
        #expect(Set(polygons[0][1]) == Set(hole))
    }

    @Test func keysAndValuesAreShared() {
        var layer = VectorTileLayerBuilder(name: "dedup")
        for _ in 0..<3 {
            layer.addFeature(geometry: .points([TilePoint(x: 1, y: 1)]), properties: ["class": .string("street"), "lanes": .int(2)])
        }
        let built = layer.build()
        #expect(built.keys == ["class", "lanes"])
        #expect(built.values.count == 2)
        #expect(built.features.allSatisfy { $0.tags == [0, 0, 1, 1] })
    }

    @Test func malformedGeometryIsAnErrorNotACrash() throws {
        var feature = VectorTile_Tile.Feature()
        feature.type = .linestring
        feature.geometry = [GeometryCommandEncoder.command(2, count: 3), 1]  // LineTo first, too few values
        var layer = VectorTile_Tile.Layer()
        layer.name = "broken"
        layer.features = [feature]
        var tile = VectorTile_Tile()
        tile.layers = [layer]
        #expect(throws: VectorTileDecodingError.self) { try VectorTileDecoder.decode(tile.serializedBytes()) }
    }
}

import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireJSON
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// The shape tests and the GeoJSON a query answers with, alone.
@Suite struct QueryGeometryTests {
    static func p(_ x: Double, _ y: Double) -> Point2D { Point2D(x: x, y: y) }
    static let square = [p(0, 0), p(10, 0), p(10, 10), p(0, 10), p(0, 0)]

    @Test func pointsPolygonsAndBufferedShapesMeetAsGLTestsThem() {
        #expect(QueryIntersection.polygonHitsRings([Self.p(5, 5)], [Self.square]))
        #expect(!QueryIntersection.polygonHitsRings([Self.p(15, 5)], [Self.square]))
        // A hole: even-odd across the rings.
        let hole = [Self.p(3, 3), Self.p(7, 3), Self.p(7, 7), Self.p(3, 7), Self.p(3, 3)]
        #expect(!QueryIntersection.polygonHitsRings([Self.p(5, 5)], [Self.square, hole]))
        // A box that only crosses an edge.
        let box = [Self.p(8, -5), Self.p(20, -5), Self.p(20, 2), Self.p(8, 2), Self.p(8, -5)]
        #expect(QueryIntersection.polygonHitsRings(box, [Self.square]))
        // Buffered points and lines hit only when strictly closer than the radius.
        #expect(QueryIntersection.polygonHitsBufferedPoint([Self.p(0, 0)], Self.p(3, 4), radius: 5.01))
        #expect(!QueryIntersection.polygonHitsBufferedPoint([Self.p(0, 0)], Self.p(3, 4), radius: 5))
        #expect(QueryIntersection.polygonHitsBufferedLines([Self.p(5, 2)], [[Self.p(0, 0), Self.p(10, 0)]], radius: 2.5))
        #expect(!QueryIntersection.polygonHitsBufferedLines([Self.p(5, 2)], [[Self.p(0, 0), Self.p(10, 0)]], radius: 2))
        #expect(QueryIntersection.polygonsOverlap(Self.square, box))
    }

    @Test func anOffsetLineMovesRightOfItsDirectionWithMitredCorners() {
        let moved = QueryIntersection.offsetLines([[Self.p(0, 0), Self.p(10, 0), Self.p(10, 10)]], by: 2)[0]
        #expect(moved[0] == Self.p(0, 2) && moved[2] == Self.p(8, 10))
        #expect(abs(moved[1].x - 8) < 1e-9 && abs(moved[1].y - 2) < 1e-9, "the corner moves along the bisector: \(moved[1])")
    }

    @Test func ringsGroupByTheFirstRingsWindingAsTheVectorTileLibraryDoes() {
        let tile = CanonicalTileID(z: 1, x: 1, y: 0)
        let outer = [TilePoint(x: 0, y: 0), TilePoint(x: 10, y: 0), TilePoint(x: 10, y: 10), TilePoint(x: 0, y: 10), TilePoint(x: 0, y: 0)]
        let inner = Array(outer.reversed())
        let flat = [TilePoint(x: 0, y: 0), TilePoint(x: 5, y: 0), TilePoint(x: 0, y: 0)]
        func shape(_ rings: [[TilePoint]]) -> JSONValue? {
            TileFeatureGeoJSON.geometry(of: VectorFeature(type: .polygon, geometry: rings), tile: tile, extent: 4096)["coordinates"]
        }
        guard case .array(let polygons)? = shape([outer, inner, flat, outer, inner]), polygons.count == 2,
              case .array(let first) = polygons[0], case .array(let second) = polygons[1] else {
            Issue.record("not two polygons"); return
        }
        #expect(first.count == 2 && second.count == 2, "a ring of no area is left out")
        // Led by a ring wound the other way, the same rings still make one polygon led by it.
        guard case .array(let one)? = shape([inner, outer]) else { Issue.record("no polygon"); return }
        #expect(one.count == 2, "one polygon of two rings")
    }

    @Test func geometryComesBackInLongitudeAndLatitudeSingleOrMulti() {
        let tile = CanonicalTileID(z: 1, x: 1, y: 0)
        let points = VectorFeature(type: .point, geometry: [[TilePoint(x: 0, y: 4096), TilePoint(x: 2048, y: 4096)]])
        let json = TileFeatureGeoJSON.geometry(of: points, tile: tile, extent: 4096)
        #expect(json == .object([JSONMember("type", .string("MultiPoint")),
                                 JSONMember("coordinates", .array([.array([.number(0), .number(0)]), .array([.number(90), .number(0)])]))]))
        let line = VectorFeature(type: .lineString, geometry: [[TilePoint(x: 0, y: 4096), TilePoint(x: 4096, y: 4096)]])
        #expect(TileFeatureGeoJSON.geometry(of: line, tile: tile, extent: 4096)["type"] == .string("LineString"))
        let polygon = VectorFeature(type: .polygon, geometry: [[TilePoint(x: 0, y: 0), TilePoint(x: 10, y: 0), TilePoint(x: 10, y: 10)]])
        guard case .array(let rings)? = TileFeatureGeoJSON.geometry(of: polygon, tile: tile, extent: 4096)["coordinates"],
              case .array(let ring)? = rings.first else { Issue.record("not a polygon"); return }
        #expect(ring.count == 4 && ring.first == ring.last, "closed as the tile's ClosePath closes it")
    }
}

import Foundation
import MapWireGeometry
import MapWireJSON
import MapWireVectorTile

/// A tile feature's geometry as GeoJSON longitudes and latitudes, as @mapbox/vector-tile's `toGeoJSON`
/// makes it (what GL JS's query results carry): points and lines as they are, single or multi; polygon
/// rings closed and grouped by the first ring's winding (a ring winding the other way is a hole of the
/// polygon before it), so a feature reads the same in every engine that follows that library.
enum TileFeatureGeoJSON {
    static func geometry(of feature: VectorFeature, tile: CanonicalTileID, extent: Int) -> JSONValue {
        let size = Double(extent) * pow(2, Double(tile.z))
        let x0 = Double(extent) * Double(tile.x), y0 = Double(extent) * Double(tile.y)
        func position(_ p: TilePoint) -> JSONValue {
            let longitude = (Double(p.x) + x0) * 360 / size - 180
            let latitude = 360 / Double.pi * atan(exp((1 - (Double(p.y) + y0) * 2 / size) * Double.pi)) - 90
            return .array([.number(longitude), .number(latitude)])
        }
        func line(_ points: [TilePoint]) -> JSONValue { .array(points.map(position)) }
        func shaped(_ single: String, _ items: [JSONValue]) -> JSONValue {
            items.count == 1 ? object(single, items[0]) : object("Multi" + single, .array(items))
        }
        switch feature.type {
        case .point:
            let points = feature.geometry.flatMap { $0 }
            return shaped("Point", points.map(position))
        case .lineString:
            return shaped("LineString", feature.geometry.map(line))
        case .polygon:
            let closed = feature.geometry.map { ring in ring.first.map { ring.last == $0 && ring.count > 1 ? ring : ring + [$0] } ?? ring }
            return shaped("Polygon", classifiedRings(closed).map { .array($0.map(line)) })
        case .unknown:
            return .null
        }
    }

    private static func object(_ type: String, _ coordinates: JSONValue) -> JSONValue {
        .object([JSONMember("type", .string(type)), JSONMember("coordinates", coordinates)])
    }

    /// Rings grouped into polygons: a ring wound like the first non-empty one starts a polygon, one
    /// wound the other way joins the polygon before it, a ring of no area is left out. One ring or
    /// none is a polygon as it is.
    static func classifiedRings(_ rings: [[TilePoint]]) -> [[[TilePoint]]] {
        guard rings.count > 1 else { return [rings] }
        var polygons: [[[TilePoint]]] = []
        var current: [[TilePoint]]?
        var outerIsNegative: Bool?
        for ring in rings {
            let area = signedArea(ring)
            guard area != 0 else { continue }
            let negative = area < 0
            if outerIsNegative == nil { outerIsNegative = negative }
            if negative == outerIsNegative {
                if let current { polygons.append(current) }
                current = [ring]
            } else {
                current?.append(ring)
            }
        }
        if let current { polygons.append(current) }
        return polygons
    }

    /// The library's signed area sum (twice the area; its sign says the winding).
    private static func signedArea(_ ring: [TilePoint]) -> Double {
        var sum = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            sum += (Double(b.x) - Double(a.x)) * (Double(a.y) + Double(b.y))
            j = i
        }
        return sum
    }
}

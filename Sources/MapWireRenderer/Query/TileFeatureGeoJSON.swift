import Foundation
import MapWireGeometry
import MapWireJSON
import MapWireStyle
import MapWireVectorTile

/// A tile feature's geometry as GeoJSON longitudes and latitudes, as @mapbox/vector-tile's `toGeoJSON`
/// makes it (what GL JS's query results carry): points and lines as they are, single or multi; polygon
/// rings closed and grouped by the first ring's winding (a ring winding the other way is a hole of the
/// polygon before it), so a feature reads the same in every engine that follows that library.
enum TileFeatureGeoJSON {
    static func geometry(of feature: VectorFeature, tile: CanonicalTileID, extent: Int) -> JSONValue {
        let size = Double(extent) * pow(2, Double(tile.z))
        let x0 = Double(extent) * Double(tile.x), y0 = Double(extent) * Double(tile.y)
        func position(_ p: PlanePoint) -> JSONValue {
            let longitude = (p.x + x0) * 360 / size - 180
            let latitude = 360 / Double.pi * atan(exp((1 - (p.y + y0) * 2 / size) * Double.pi)) - 90
            return .array([.number(longitude), .number(latitude)])
        }
        func plane(_ p: TilePoint) -> PlanePoint { PlanePoint(x: Double(p.x), y: Double(p.y)) }
        func line(_ points: [PlanePoint]) -> JSONValue { .array(points.map(position)) }
        func shaped(_ single: String, _ items: [JSONValue]) -> JSONValue {
            items.count == 1 ? object(single, items[0]) : object("Multi" + single, .array(items))
        }
        switch feature.type {
        case .point:
            let points = feature.geometry.flatMap { $0 }
            return shaped("Point", points.map { position(plane($0)) })
        case .lineString:
            return shaped("LineString", feature.geometry.map { line($0.map(plane)) })
        case .polygon:
            let closed = feature.geometry.map { ring in
                (ring.first.map { ring.last == $0 && ring.count > 1 ? ring : ring + [$0] } ?? ring).map(plane)
            }
            return shaped("Polygon", RingClassification.polygons(closed).map { .array($0.map(line)) })
        case .unknown:
            return .null
        }
    }

    private static func object(_ type: String, _ coordinates: JSONValue) -> JSONValue {
        .object([JSONMember("type", .string(type)), JSONMember("coordinates", coordinates)])
    }
}

import MapWireGeometry
import MapWireJSON
import MapWireStyle

/// The feature of one fixture input, built as the harness builds it (`test/lib/geometry.ts`): with a
/// canonical tile, the GeoJSON geometry becomes tile coordinates and multi-geometries take their single
/// type's name; without one, only the geometry's type is kept, as written.
struct FixtureFeature: StyleFeature {
    let properties: [String: StyleValue]
    let geometryTypeName: String
    let featureID: StyleValue?
    let tileGeometry: [[PlanePoint]]?

    init(_ json: JSONValue, canonical: CanonicalTileID?) {
        if case .object(let members)? = json["properties"].map(StyleValue.init) { properties = members } else { properties = [:] }
        featureID = json["id"].map(StyleValue.init)
        let geometry = json["geometry"]
        var type = geometry?["type"].flatMap { if case .string(let name) = $0 { name } else { nil } } ?? "Unknown"
        var points: [[PlanePoint]]? = nil
        if let canonical, let coordinates = geometry?["coordinates"] {
            (type, points) = Self.tileGeometry(type: type, coordinates: coordinates, canonical: canonical)
        }
        geometryTypeName = type
        tileGeometry = points
    }

    func property(_ key: String) -> StyleValue? { properties[key] }
    var allProperties: [String: StyleValue] { properties }

    /// Rings and lines of tile points (a point is a one-point line), and the type GL gives the feature.
    private static func tileGeometry(type: String, coordinates: JSONValue, canonical: CanonicalTileID) -> (String, [[PlanePoint]]) {
        func point(_ json: JSONValue) -> PlanePoint {
            let position = json.arrayItems.compactMap(\.number)
            let world = TileCoordinates.point(longitude: position.first ?? 0, latitude: position.dropFirst().first ?? 0, in: canonical)
            return PlanePoint(x: world.x - Double(canonical.x) * TileCoordinates.extent, y: world.y - Double(canonical.y) * TileCoordinates.extent)
        }
        func line(_ json: JSONValue) -> [PlanePoint] { json.arrayItems.map(point) }
        switch type {
        case "Point": return ("Point", [[point(coordinates)]])
        case "MultiPoint": return ("Point", coordinates.arrayItems.map { [point($0)] })
        case "LineString": return ("LineString", [line(coordinates)])
        case "MultiLineString": return ("LineString", coordinates.arrayItems.map(line))
        case "Polygon": return ("Polygon", coordinates.arrayItems.map(line))
        case "MultiPolygon": return ("Polygon", coordinates.arrayItems.flatMap { $0.arrayItems.map(line) })
        default: return (type, [])
        }
    }
}

extension JSONValue {
    var arrayItems: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}

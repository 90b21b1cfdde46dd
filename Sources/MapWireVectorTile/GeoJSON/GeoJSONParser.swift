import Foundation

/// Reads a GeoJSON object (FeatureCollection, Feature or bare geometry) into features.
/// A broken feature inside a collection is skipped; it is an error only when nothing is left.
enum GeoJSONParser {
    static func features(from json: Any) throws(GeoJSONError) -> [GeoJSONFeature] {
        let root = try object(json, path: "root")
        switch try type(of: root, path: "root") {
        case "FeatureCollection":
            guard let members = root["features"] as? [Any] else { throw .missingMember("features", path: "root") }
            var features: [GeoJSONFeature] = []
            var firstProblem: GeoJSONError?
            for (index, member) in members.enumerated() {
                do throws(GeoJSONError) {
                    if let feature = try feature(member, path: "features[\(index)]") { features.append(feature) }
                } catch {
                    firstProblem = firstProblem ?? error
                }
            }
            if features.isEmpty, let firstProblem {
                throw .everyFeatureInvalid(count: members.count, first: firstProblem)
            }
            return features
        case "Feature":
            return try feature(root, path: "root").map { [$0] } ?? []
        default:
            return [GeoJSONFeature(id: nil, properties: [:], geometries: try geometries(root, path: "root"))]
        }
    }

    /// nil for a feature whose geometry is null: valid GeoJSON with nothing to draw.
    private static func feature(_ json: Any, path: String) throws(GeoJSONError) -> GeoJSONFeature? {
        let object = try object(json, path: path)
        let kind = try type(of: object, path: path)
        guard kind == "Feature" else { throw .unknownType(kind, path: path) }
        guard let geometry = object["geometry"] else { throw .missingMember("geometry", path: path) }
        if geometry is NSNull { return nil }
        var properties: [String: FeatureValue] = [:]
        for (key, value) in object["properties"] as? [String: Any] ?? [:] {
            properties[key] = GeoJSONValue.featureValue(value)
        }
        return GeoJSONFeature(
            id: GeoJSONValue.featureID(object["id"]), properties: properties,
            geometries: try geometries(geometry, path: path + ".geometry"))
    }

    private static func geometries(_ json: Any, path: String) throws(GeoJSONError) -> [GeoJSONGeometry] {
        let object = try object(json, path: path)
        let kind = try type(of: object, path: path)
        if kind == "GeometryCollection" {
            guard let members = object["geometries"] as? [Any] else { throw .missingMember("geometries", path: path) }
            var result: [GeoJSONGeometry] = []
            for (index, member) in members.enumerated() {
                result += try geometries(member, path: path + ".geometries[\(index)]")
            }
            return result
        }
        guard geometryTypes.contains(kind) else { throw .unknownType(kind, path: path) }
        guard let coordinates = object["coordinates"] else { throw .missingMember("coordinates", path: path) }
        let invalid = GeoJSONError.invalidCoordinates(path: path)
        switch kind {
        case "Point":
            guard let point = position(coordinates) else { throw invalid }
            return [.points([point])]
        case "MultiPoint":
            guard let points = positions(coordinates) else { throw invalid }
            return [.points(points)]
        case "LineString":
            guard let line = positions(coordinates), line.count >= 2 else { throw invalid }
            return [.lines([line])]
        case "MultiLineString":
            guard let lines = list(coordinates, positions) else { throw invalid }
            return [.lines(lines.filter { $0.count >= 2 })]
        case "Polygon":
            guard let polygon = polygon(coordinates) else { throw invalid }
            return [.polygons([polygon])]
        case "MultiPolygon":
            guard let polygons = list(coordinates, polygon) else { throw invalid }
            return [.polygons(polygons)]
        default:
            throw .unknownType(kind, path: path)
        }
    }

    private static let geometryTypes: Set = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"]

    private static func object(_ json: Any, path: String) throws(GeoJSONError) -> [String: Any] {
        guard let object = json as? [String: Any] else { throw .notAnObject(path: path) }
        return object
    }

    private static func type(of object: [String: Any], path: String) throws(GeoJSONError) -> String {
        guard let type = object["type"] as? String else { throw .missingType(path: path) }
        return type
    }

    /// [longitude, latitude, altitude...]; altitude is ignored.
    private static func position(_ json: Any) -> GeoPosition? {
        guard let array = json as? [Any], array.count >= 2,
              let longitude = GeoJSONValue.coordinate(array[0]),
              let latitude = GeoJSONValue.coordinate(array[1]) else { return nil }
        return GeoPosition(longitude: longitude, latitude: latitude)
    }

    private static func positions(_ json: Any) -> [GeoPosition]? {
        list(json, position)
    }

    /// Rings need three distinct corners; the closing repeat of the first position is removed.
    /// A broken hole is dropped, a broken exterior makes the polygon invalid.
    private static func polygon(_ json: Any) -> [[GeoPosition]]? {
        guard let rings = list(json, positions), let exterior = rings.first.flatMap(openRing) else { return nil }
        return [exterior] + rings.dropFirst().compactMap(openRing)
    }

    private static func openRing(_ ring: [GeoPosition]) -> [GeoPosition]? {
        var ring = ring
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return ring.count >= 3 ? ring : nil
    }

    private static func list<T>(_ json: Any, _ element: (Any) -> T?) -> [T]? {
        guard let array = json as? [Any] else { return nil }
        var result: [T] = []
        result.reserveCapacity(array.count)
        for item in array {
            guard let value = element(item) else { return nil }
            result.append(value)
        }
        return result
    }
}

/// The parts of a GeoJSON value `within` and `distance` read: simple geometries with positions as
/// [longitude, latitude].
enum GeoJSONGeometry: Sendable {
    case point([Double])
    case lineString([[Double]])
    case polygon([[[Double]]])

    /// A GeoJSON geometry object's simple parts (multi-geometries split up); nil for anything else.
    static func parts(of geometry: StyleValue) -> [GeoJSONGeometry]? {
        guard case .object(let members) = geometry, case .string(let type)? = members["type"],
              let coordinates = members["coordinates"] else { return nil }
        switch type {
        case "Point": return [.point(positions(coordinates))]
        case "MultiPoint": return coordinates.array?.map { .point(positions($0)) }
        case "LineString": return [.lineString(lines(coordinates))]
        case "MultiLineString": return coordinates.array?.map { .lineString(lines($0)) }
        case "Polygon": return [.polygon(rings(coordinates))]
        case "MultiPolygon": return coordinates.array?.map { .polygon(rings($0)) }
        default: return nil
        }
    }

    static func positions(_ value: StyleValue) -> [Double] { value.array?.compactMap(\.number) ?? [] }
    static func lines(_ value: StyleValue) -> [[Double]] { value.array?.map(positions) ?? [] }
    static func rings(_ value: StyleValue) -> [[[Double]]] { value.array?.map(lines) ?? [] }
}

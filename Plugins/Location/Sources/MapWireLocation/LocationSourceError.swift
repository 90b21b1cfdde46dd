import Foundation

/// Why a location file could not be turned into fixes. Each case says enough to fix the file.
public enum LocationSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The XML parser gave up; `line` is where it stopped (1-based, 0 when unknown).
    case malformedXML(line: Int, reason: String)
    /// The document parsed but holds no track, route or waypoint position.
    case noPoints
    /// A point whose lat/lon is missing, not a number, or outside WGS 84 ranges.
    case badCoordinate(latitude: String?, longitude: String?, line: Int)
    /// GeoJSON that is not a LineString (or a Feature holding one) with at least one position.
    case malformedGeoJSON(String)

    public var description: String {
        switch self {
        case let .malformedXML(line, reason): "malformed XML at line \(line): \(reason)"
        case .noPoints: "no track, route or waypoint points in the file"
        case let .badCoordinate(lat, lon, line):
            "bad coordinate lat=\(lat ?? "<missing>") lon=\(lon ?? "<missing>") at line \(line)"
        case let .malformedGeoJSON(reason): "malformed GeoJSON: \(reason)"
        }
    }
}

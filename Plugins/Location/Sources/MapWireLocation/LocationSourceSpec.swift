import Foundation

/// Where fixes come from, as `mapwire-location --source` and `mapwire up --location` spell it:
/// `gpx:FILE`, `nmea:FILE`, `route:FILE` (a GeoJSON LineString) or `gpsd://HOST[:PORT]`.
public enum LocationSourceSpec: Equatable, Sendable, CustomStringConvertible {
    case gpx(path: String)
    case nmea(path: String)
    case route(path: String)
    case gpsd(host: String, port: UInt16)

    /// gpsd's registered port.
    public static let defaultGPSDPort: UInt16 = 2947

    public init(parsing text: String) throws(LocationSpecError) {
        if text.hasPrefix("gpsd://") {
            let rest = text.dropFirst("gpsd://".count).split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard let host = parts.first, !host.isEmpty, parts.count <= 2 else { throw .badGPSD(text) }
            var port = Self.defaultGPSDPort
            if parts.count == 2 {
                guard let p = UInt16(parts[1]), p > 0 else { throw .badGPSD(text) }
                port = p
            }
            self = .gpsd(host: host, port: port)
            return
        }
        guard let colon = text.firstIndex(of: ":") else { throw .unknownKind(text) }
        let kind = text[..<colon], path = String(text[text.index(after: colon)...])
        guard !path.isEmpty else { throw .missingPath(text) }
        switch kind {
        case "gpx": self = .gpx(path: path)
        case "nmea": self = .nmea(path: path)
        case "route": self = .route(path: path)
        default: throw .unknownKind(text)
        }
    }

    public var description: String {
        switch self {
        case .gpx(let path): "gpx:\(path)"
        case .nmea(let path): "nmea:\(path)"
        case .route(let path): "route:\(path)"
        case .gpsd(let host, let port): "gpsd://\(host):\(port)"
        }
    }
}

public enum LocationSpecError: Error, Equatable, CustomStringConvertible {
    case unknownKind(String)
    case missingPath(String)
    case badGPSD(String)

    public var description: String {
        switch self {
        case .unknownKind(let s): "unknown location source '\(s)': use gpx:FILE, nmea:FILE, route:FILE or gpsd://HOST[:PORT]"
        case .missingPath(let s): "location source '\(s)' names no file"
        case .badGPSD(let s): "bad gpsd address '\(s)': use gpsd://HOST[:PORT]"
        }
    }
}

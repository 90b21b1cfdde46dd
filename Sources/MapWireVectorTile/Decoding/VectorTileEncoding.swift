import Foundation

/// How a vector source's tiles are encoded: the style specification's `encoding` of a vector
/// source, "mvt" (the default) or "mlt" (MapLibre Tiles).
public enum VectorTileEncoding: String, Sendable, Equatable {
    case mvt, mlt

    /// The encoding a source object names; anything else reads as MVT, the default (GL JS warns and
    /// does the same).
    public init(sourceValue: Any?) {
        self = (sourceValue as? String).flatMap(VectorTileEncoding.init(rawValue:)) ?? .mvt
    }

    /// Decodes one uncompressed tile of this encoding.
    public func decode(_ data: Data) throws(VectorTileDecodingError) -> VectorTileData {
        switch self {
        case .mvt: try MVTDecoder.decode(data)
        case .mlt: try MLTDecoder.decode(data)
        }
    }
}

extension VectorTileEncoding {
    /// The encoding of each vector source of a style (its JSON text); sources of other types are
    /// left out, and a style that does not parse has none (its tiles read as MVT).
    public static func ofVectorSources(styleJSON: Data) -> [String: VectorTileEncoding] {
        guard let root = (try? JSONSerialization.jsonObject(with: styleJSON)) as? [String: Any],
              let sources = root["sources"] as? [String: Any] else { return [:] }
        var encodings: [String: VectorTileEncoding] = [:]
        for (id, value) in sources {
            guard let source = value as? [String: Any], source["type"] as? String == "vector" else { continue }
            encodings[id] = VectorTileEncoding(sourceValue: source["encoding"])
        }
        return encodings
    }
}

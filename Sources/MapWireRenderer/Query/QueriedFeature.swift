import MapWireGeometry
import MapWireJSON
import MapWireVectorTile

/// One feature a query found: the tile feature as its tile holds it, where that tile is, and what GL JS
/// adds to the GeoJSON it returns (the layer, the source, the source layer, the feature state).
public struct QueriedFeature {
    public let feature: VectorFeature
    /// The tile the feature was read from (its canonical id: copies of the world give the same longitudes).
    public let tile: CanonicalTileID
    public let extent: Int
    public let sourceID: String
    public let sourceLayer: String?
    /// The style layer as the style gives it (rendered queries only).
    public let layer: JSONValue?
    public let state: JSONValue

    /// The GeoJSON Feature object: `type`, `id` (when the feature has one), `properties`, `geometry`,
    /// then `layer`, `source`, `sourceLayer` and `state` as GL JS's `toJSON` has them.
    public var geoJSON: JSONValue {
        var members = [JSONMember("type", .string("Feature"))]
        if let id = feature.id { members.append(JSONMember("id", .uint(id))) }
        members.append(JSONMember("properties", .object(feature.properties.sorted { $0.key < $1.key }.map {
            JSONMember($0.key, Self.json($0.value))
        })))
        members.append(JSONMember("geometry", TileFeatureGeoJSON.geometry(of: feature, tile: tile, extent: extent)))
        if let layer { members.append(JSONMember("layer", layer)) }
        members.append(JSONMember("source", .string(sourceID)))
        if let sourceLayer { members.append(JSONMember("sourceLayer", .string(sourceLayer))) }
        members.append(JSONMember("state", state))
        return .object(members)
    }

    static func json(_ value: FeatureValue) -> JSONValue {
        switch value {
        case .string(let s): .string(s)
        case .double(let d): .number(d)
        case .int(let i): .int(i)
        case .uint(let u): .uint(u)
        case .bool(let b): .bool(b)
        }
    }
}

extension Array where Element == QueriedFeature {
    /// The features as a JSON array of GeoJSON Feature objects.
    public var geoJSONText: String { JSONValue.array(map(\.geoJSON)).serialized }
}

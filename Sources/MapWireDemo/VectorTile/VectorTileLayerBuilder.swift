import MapWireVectorTile

/// Collects features for one layer, sharing keys and values between features as the spec intends.
public struct VectorTileLayerBuilder: Sendable {
    public let name: String
    public let extent: UInt32
    private var layer = VectorTile_Tile.Layer()
    private var keyIndex: [String: UInt32] = [:]
    private var valueIndex: [TileValue: UInt32] = [:]

    public init(name: String, extent: UInt32 = 4096) {
        self.name = name
        self.extent = extent
        layer.version = 2
        layer.name = name
        layer.extent = extent
    }

    public var isEmpty: Bool { layer.features.isEmpty }
    public var featureCount: Int { layer.features.count }

    /// Adds a feature; properties are written in key order so output is reproducible.
    public mutating func addFeature(id: UInt64? = nil, geometry: TileGeometry, properties: [String: TileValue] = [:]) {
        var feature = VectorTile_Tile.Feature()
        if let id { feature.id = id }
        feature.type = switch geometry {
        case .points: .point
        case .lineStrings: .linestring
        case .polygons: .polygon
        }
        feature.geometry = GeometryCommandEncoder.encode(geometry)
        for key in properties.keys.sorted() {
            feature.tags.append(index(ofKey: key))
            feature.tags.append(index(ofValue: properties[key]!))
        }
        layer.features.append(feature)
    }

    public func build() -> VectorTile_Tile.Layer { layer }

    private mutating func index(ofKey key: String) -> UInt32 {
        if let index = keyIndex[key] { return index }
        let index = UInt32(layer.keys.count)
        layer.keys.append(key)
        keyIndex[key] = index
        return index
    }

    private mutating func index(ofValue value: TileValue) -> UInt32 {
        if let index = valueIndex[value] { return index }
        let index = UInt32(layer.values.count)
        layer.values.append(value.protobuf)
        valueIndex[value] = index
        return index
    }
}

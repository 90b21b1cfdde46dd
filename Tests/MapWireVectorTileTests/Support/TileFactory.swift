import Foundation
import MapWireVectorTile

/// Builds protobuf tiles by hand so decoder tests do not depend on any encoder under test.
enum TileFactory {
    static func command(_ id: UInt32, count: UInt32) -> UInt32 { id | count << 3 }
    static func zigzag(_ value: Int32) -> UInt32 { UInt32(bitPattern: (value << 1) ^ (value >> 31)) }

    static func feature(
        id: UInt64? = nil, type: VectorTile_Tile.GeomType, geometry: [UInt32], tags: [UInt32] = []
    ) -> VectorTile_Tile.Feature {
        var feature = VectorTile_Tile.Feature()
        if let id { feature.id = id }
        feature.type = type
        feature.geometry = geometry
        feature.tags = tags
        return feature
    }

    static func layer(
        _ name: String, version: UInt32? = 2, extent: UInt32? = nil,
        keys: [String] = [], values: [VectorTile_Tile.Value] = [], features: [VectorTile_Tile.Feature]
    ) -> VectorTile_Tile.Layer {
        var layer = VectorTile_Tile.Layer()
        layer.name = name
        if let version { layer.version = version }
        if let extent { layer.extent = extent }
        layer.keys = keys
        layer.values = values
        layer.features = features
        return layer
    }

    static func data(_ layers: VectorTile_Tile.Layer...) throws -> Data {
        var tile = VectorTile_Tile()
        tile.layers = layers
        return try tile.serializedBytes()
    }

    /// A tile with one feature of the given geometry in layer "test".
    static func data(type: VectorTile_Tile.GeomType, geometry: [UInt32]) throws -> Data {
        try data(layer("test", features: [feature(type: type, geometry: geometry)]))
    }

    static func value(_ configure: (inout VectorTile_Tile.Value) -> Void) -> VectorTile_Tile.Value {
        var value = VectorTile_Tile.Value()
        configure(&value)
        return value
    }
}

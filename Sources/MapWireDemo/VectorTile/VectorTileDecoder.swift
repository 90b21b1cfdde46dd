import Foundation
import MapWireVectorTile

/// A decoded feature: geometry in tile coordinates and its properties.
public struct DecodedFeature: Equatable, Sendable {
    public var id: UInt64?
    public var geometry: TileGeometry
    public var properties: [String: TileValue]
}

public struct DecodedLayer: Equatable, Sendable {
    public var name: String
    public var extent: UInt32
    public var features: [DecodedFeature]
}

public enum VectorTileDecodingError: Error, Equatable, CustomStringConvertible {
    case invalidProtobuf(String)
    case badGeometry(layer: String, reason: String)
    case badTag(layer: String, index: UInt32)

    public var description: String {
        switch self {
        case .invalidProtobuf(let reason): "not a vector tile: \(reason)"
        case .badGeometry(let layer, let reason): "bad geometry in layer \(layer): \(reason)"
        case .badTag(let layer, let index): "layer \(layer) has a feature tag pointing at missing key/value \(index)"
        }
    }
}

/// Reads uncompressed vector tiles back into layers and features (used to check the encoder).
public enum VectorTileDecoder {
    public static func decode(_ data: Data) throws(VectorTileDecodingError) -> [DecodedLayer] {
        let tile: VectorTile_Tile
        do {
            tile = try VectorTile_Tile(serializedBytes: data)
        } catch {
            throw .invalidProtobuf("\(error)")
        }
        return try tile.layers.map { layer throws(VectorTileDecodingError) in
            DecodedLayer(
                name: layer.name, extent: layer.extent,
                features: try layer.features.map { feature throws(VectorTileDecodingError) in
                    try decode(feature, in: layer)
                })
        }
    }

    private static func decode(_ feature: VectorTile_Tile.Feature, in layer: VectorTile_Tile.Layer) throws(VectorTileDecodingError) -> DecodedFeature {
        var properties: [String: TileValue] = [:]
        guard feature.tags.count % 2 == 0 else { throw .badTag(layer: layer.name, index: UInt32(feature.tags.count)) }
        for pair in stride(from: 0, to: feature.tags.count, by: 2) {
            let keyIndex = feature.tags[pair], valueIndex = feature.tags[pair + 1]
            guard keyIndex < layer.keys.count else { throw .badTag(layer: layer.name, index: keyIndex) }
            guard valueIndex < layer.values.count, let value = TileValue(layer.values[Int(valueIndex)]) else {
                throw .badTag(layer: layer.name, index: valueIndex)
            }
            properties[layer.keys[Int(keyIndex)]] = value
        }
        let geometry: TileGeometry
        do {
            geometry = try GeometryCommandDecoder.decode(type: feature.type, commands: feature.geometry)
        } catch {
            throw .badGeometry(layer: layer.name, reason: error.reason)
        }
        return DecodedFeature(id: feature.hasID ? feature.id : nil, geometry: geometry, properties: properties)
    }
}

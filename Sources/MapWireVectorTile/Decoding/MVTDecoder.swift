import Foundation
import SwiftProtobuf

/// Decodes uncompressed Mapbox Vector Tiles (spec 2.1, also reading version 1 layers).
///
/// Fatal problems throw. Problems the spec's fixtures call recoverable are repaired:
/// a later layer with an already used name is skipped, an unpaired trailing tag is ignored,
/// a missing or invalid geometry type reads as `.unknown`, and a feature without geometry is
/// dropped because there is nothing to draw or query.
public enum MVTDecoder {
    public static let supportedVersions: ClosedRange<UInt32> = 1...2

    public static func decode(_ data: Data) throws(VectorTileDecodingError) -> VectorTileData {
        let tile: VectorTile_Tile
        do {
            // Partial: required-field checks are done below, with messages that name the layer.
            tile = try VectorTile_Tile(serializedBytes: data, partial: true)
        } catch {
            throw .malformedProtobuf(String(describing: error))
        }
        try checkWireTypes(tile.unknownFields, WireTypeCheck.tile, location: "the tile")
        var result = VectorTileData()
        for (index, layer) in tile.layers.enumerated() {
            try checkWireTypes(layer.unknownFields, WireTypeCheck.layer, location: "layer #\(index)")
            guard layer.hasName else { throw .missingLayerName(layerIndex: index) }
            let decoded = try decode(layer)
            if result.layers[decoded.name] == nil {
                result.layers[decoded.name] = decoded
                result.layerOrder.append(decoded.name)
            }
        }
        return result
    }

    private static func decode(_ layer: VectorTile_Tile.Layer) throws(VectorTileDecodingError) -> VectorLayer {
        let name = layer.name
        guard layer.hasVersion else { throw .missingLayerVersion(layer: name) }
        guard supportedVersions.contains(layer.version) else {
            throw .unsupportedLayerVersion(layer: name, version: layer.version)
        }
        guard layer.extent > 0 else { throw .zeroExtent(layer: name) }
        let values = try readValues(layer)
        var features: [VectorFeature] = []
        features.reserveCapacity(layer.features.count)
        for (index, feature) in layer.features.enumerated() {
            try checkWireTypes(feature.unknownFields, WireTypeCheck.feature, location: "feature #\(index) of layer \"\(name)\"")
            let type = FeatureGeometryType(feature.type)
            let geometry: [[TilePoint]]
            do {
                geometry = try GeometryCommandReader.read(feature.geometry, as: type)
            } catch {
                throw .invalidGeometry(layer: name, feature: index, problem: error)
            }
            let properties = try readProperties(feature, index: index, layer: layer, values: values)
            guard !geometry.isEmpty else { continue }
            features.append(VectorFeature(
                id: feature.hasID ? feature.id : nil, type: type, geometry: geometry, properties: properties))
        }
        return VectorLayer(name: name, version: Int(layer.version), extent: Int(layer.extent), features: features)
    }

    /// Every value is checked, referenced or not: a value of an unknown type makes the layer unreadable.
    private static func readValues(_ layer: VectorTile_Tile.Layer) throws(VectorTileDecodingError) -> [FeatureValue] {
        var values: [FeatureValue] = []
        values.reserveCapacity(layer.values.count)
        for (index, value) in layer.values.enumerated() {
            try checkWireTypes(value.unknownFields, WireTypeCheck.value, location: "value #\(index) of layer \"\(layer.name)\"")
            switch FeatureValue.read(value) {
            case .value(let value): values.append(value)
            case .noType: throw .valueWithoutType(layer: layer.name, valueIndex: index)
            case .severalTypes: throw .valueWithSeveralTypes(layer: layer.name, valueIndex: index)
            }
        }
        return values
    }

    private static func checkWireTypes(
        _ unknown: UnknownStorage, _ schema: WireTypeCheck.Schema, location: @autoclosure () -> String
    ) throws(VectorTileDecodingError) {
        if let field = WireTypeCheck.misencodedField(in: unknown, schema: schema) {
            throw .wrongWireType(field: field, location: location())
        }
    }

    private static func readProperties(
        _ feature: VectorTile_Tile.Feature, index: Int, layer: VectorTile_Tile.Layer, values: [FeatureValue]
    ) throws(VectorTileDecodingError) -> [String: FeatureValue] {
        var properties: [String: FeatureValue] = [:]
        let tags = feature.tags
        // stride stops before an unpaired last tag, which is how that recoverable case is handled.
        for pair in stride(from: 0, to: tags.count - 1, by: 2) {
            let keyIndex = tags[pair], valueIndex = tags[pair + 1]
            guard keyIndex < layer.keys.count else {
                throw .keyIndexOutOfRange(layer: layer.name, feature: index, index: keyIndex, keyCount: layer.keys.count)
            }
            guard valueIndex < values.count else {
                throw .valueIndexOutOfRange(layer: layer.name, feature: index, index: valueIndex, valueCount: values.count)
            }
            properties[layer.keys[Int(keyIndex)]] = values[Int(valueIndex)]
        }
        return properties
    }
}

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

/// Reads tiles back into the demo's own geometry and value types (used to check the encoder).
/// The decoding itself, with the spec's validation, is `MVTDecoder`'s.
public enum VectorTileDecoder {
    public static func decode(_ data: Data) throws(VectorTileDecodingError) -> [DecodedLayer] {
        let tile = try MVTDecoder.decode(data)
        return tile.orderedLayers.map { layer in
            DecodedLayer(
                name: layer.name, extent: UInt32(layer.extent),
                features: layer.features.compactMap { feature in
                    guard let geometry = geometry(of: feature) else { return nil }
                    return DecodedFeature(id: feature.id, geometry: geometry, properties: feature.properties.mapValues(TileValue.init))
                })
        }
    }

    /// The demo only writes typed geometry, so UNKNOWN features have no TileGeometry.
    private static func geometry(of feature: VectorFeature) -> TileGeometry? {
        switch feature.type {
        case .point: .points(feature.geometry.flatMap { $0 })
        case .lineString: .lineStrings(feature.geometry)
        case .polygon: .polygons(feature.polygons())
        case .unknown: nil
        }
    }
}

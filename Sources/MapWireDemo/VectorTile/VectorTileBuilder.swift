import Foundation
import MapWireVectorTile

/// Assembles layers into an encoded (uncompressed) vector tile.
public struct VectorTileBuilder: Sendable {
    private var tile = VectorTile_Tile()

    public init() {}

    /// Appends a layer; empty layers are left out, as the spec allows.
    public mutating func add(_ layer: VectorTileLayerBuilder) {
        guard !layer.isEmpty else { return }
        tile.layers.append(layer.build())
    }

    public var isEmpty: Bool { tile.layers.isEmpty }

    public func serializedData() throws -> Data {
        try tile.serializedBytes()
    }
}

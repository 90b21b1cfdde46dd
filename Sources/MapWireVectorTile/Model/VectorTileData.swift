/// A decoded vector tile: layers by name, and the order they appeared in.
public struct VectorTileData: Sendable, Equatable {
    public var layers: [String: VectorLayer]
    public var layerOrder: [String]

    public init(layers: [String: VectorLayer] = [:], layerOrder: [String] = []) {
        self.layers = layers
        self.layerOrder = layerOrder
    }

    /// The layers in tile order.
    public var orderedLayers: [VectorLayer] { layerOrder.compactMap { layers[$0] } }
}

/// One named layer of a vector tile with its features in tile order.
public struct VectorLayer: Sendable, Equatable {
    public var name: String
    public var version: Int
    /// Tile width and height in geometry units.
    public var extent: Int
    public var features: [VectorFeature]

    public init(name: String, version: Int = 2, extent: Int = 4096, features: [VectorFeature] = []) {
        self.name = name
        self.version = version
        self.extent = extent
        self.features = features
    }
}

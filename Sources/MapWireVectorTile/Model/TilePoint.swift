/// A point in tile coordinates: x right, y down, 0...extent inside the tile (buffers go beyond).
public struct TilePoint: Hashable, Sendable {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

/// One icon's place in a sprite sheet, as written to the sprite JSON index.
public struct SpriteEntry: Codable, Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var pixelRatio: Int
    /// Whether the icon is a signed distance field (recolourable); omitted from JSON when nil.
    public var sdf: Bool?

    public init(x: Int, y: Int, width: Int, height: Int, pixelRatio: Int, sdf: Bool? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.sdf = sdf
    }
}

/// A non-premultiplied 8-bit colour.
struct RGBAColor {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255

    static let white = RGBAColor(r: 255, g: 255, b: 255)
}

/// An icon: shapes painted bottom to top on a square of `size` design units (1 unit = 1 px at 1x).
struct SpriteIcon {
    let name: String
    let size: Int
    let layers: [(shape: ShapeDistance, color: RGBAColor)]
}

import MapWireCanvas

/// Distance fields of SDF sprite icons (the alpha channel of their sprite rectangle), cut from
/// the sprite sheet once and kept while the sheet stays the same.
final class SDFIconFields {
    private var sheet: CanvasImage?
    private var rgba: [UInt8] = []
    private var fields: [String: [UInt8]] = [:]

    func field(_ name: String, _ entry: SpriteAtlas.Entry, in sprite: SpriteAtlas) -> [UInt8] {
        if sheet !== sprite.image {
            sheet = sprite.image
            rgba = sprite.image.rgba()
            fields = [:]
        }
        if let known = fields[name] { return known }
        let width = sprite.image.width, height = sprite.image.height
        var field = [UInt8](repeating: 0, count: entry.width * entry.height)
        for row in 0..<entry.height where entry.y + row >= 0 && entry.y + row < height {
            for column in 0..<entry.width where entry.x + column >= 0 && entry.x + column < width {
                field[row * entry.width + column] = rgba[((entry.y + row) * width + entry.x + column) * 4 + 3]
            }
        }
        fields[name] = field
        return field
    }
}


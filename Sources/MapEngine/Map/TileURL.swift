import Foundation

/// Fills a tile URL template ({z}, {x}, {y}, {quadkey}, {prefix}, {ratio}) for one tile.
enum TileURL {
    static func expand(_ template: String, tile: CanonicalTileID, scheme: SourceSpecification.Scheme) -> String {
        let y = scheme == .tms ? (1 << tile.z) - 1 - tile.y : tile.y
        var url = template
            .replacingOccurrences(of: "{z}", with: String(tile.z))
            .replacingOccurrences(of: "{x}", with: String(tile.x))
            .replacingOccurrences(of: "{y}", with: String(y))
            .replacingOccurrences(of: "{ratio}", with: "")
        if url.contains("{quadkey}") { url = url.replacingOccurrences(of: "{quadkey}", with: quadkey(tile)) }
        if url.contains("{prefix}") {
            let hex = String((tile.x % 16) * 16 + (tile.y % 16), radix: 16)
            url = url.replacingOccurrences(of: "{prefix}", with: hex.count == 1 ? "0" + hex : hex)
        }
        return url
    }

    static func quadkey(_ tile: CanonicalTileID) -> String {
        var key = ""
        for level in stride(from: tile.z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            key.append(String((tile.x & mask != 0 ? 1 : 0) + (tile.y & mask != 0 ? 2 : 0)))
        }
        return key
    }

    /// Fills a glyph URL template for a font stack and a 256-code-point range.
    static func glyphs(_ template: String, fontStack: [String], rangeStart: Int) -> String {
        let stack = fontStack.joined(separator: ",").replacingOccurrences(of: " ", with: "%20")
        return template
            .replacingOccurrences(of: "{fontstack}", with: stack)
            .replacingOccurrences(of: "{range}", with: "\(rangeStart)-\(rangeStart + 255)")
    }
}

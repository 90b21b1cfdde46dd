import Foundation
import MapWireGeometry

/// The URLs the map requests: a tile template filled for one tile ({z}, {x}, {y}, {quadkey}, {prefix},
/// {ratio}), a sprite's files and a glyph range. Public so that an offline download asks for exactly
/// the URLs (the cache keys) the map will ask for.
public enum TileURL {
    public static func expand(_ template: String, tile: CanonicalTileID, scheme: SourceSpecification.Scheme) -> String {
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

    public static func quadkey(_ tile: CanonicalTileID) -> String {
        var key = ""
        for level in stride(from: tile.z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            key.append(String((tile.x & mask != 0 ? 1 : 0) + (tile.y & mask != 0 ? 2 : 0)))
        }
        return key
    }

    /// Fills a glyph URL template for a font stack and a 256-code-point range.
    public static func glyphs(_ template: String, fontStack: [String], rangeStart: Int) -> String {
        let stack = fontStack.joined(separator: ",").replacingOccurrences(of: " ", with: "%20")
        return template
            .replacingOccurrences(of: "{fontstack}", with: stack)
            .replacingOccurrences(of: "{range}", with: "\(rangeStart)-\(rangeStart + 255)")
    }

    /// A sprite's index (`.json`) or image (`.png`) for a pixel ratio: `@2x` from 1.5 up, as the map asks.
    public static func sprite(_ base: String, pixelRatio: Double, ext: String) -> String {
        spriteFile(base, suffix: (pixelRatio >= 1.5 ? "@2x" : "") + ext)
    }

    /// `<base><suffix>`, e.g. `.json` or `@2x.png`, keeping a query string at the end.
    static func spriteFile(_ base: String, suffix: String) -> String {
        guard let query = base.firstIndex(of: "?") else { return base + suffix }
        return base[..<query] + suffix + base[query...]
    }
}

import Foundation

/// The demo bundle: a procedural town as MBTiles, a sprite, a glyph range and a style using them.
/// Everything is generated here; no third-party data.
public enum DemoData {
    /// The (fictional) town centre.
    public static let center: (longitude: Double, latitude: Double) = (13.40, 52.50)
    public static let defaultZoom = 14

    /// File names inside the output directory.
    static let styleFile = "style.json"
    static let tilesetFile = "town.mbtiles"
    static let spriteName = "sprite"
    static let glyphsDirectory = "glyphs"

    /// Writes everything into `directory` (created if needed, previous demo files replaced) and
    /// returns the URL of style.json.
    @discardableResult
    public static func write(to directory: URL) throws -> URL {
        let fileManager = FileManager.default
        let directory = directory.standardizedFileURL
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)

        // Rebuilt from scratch: the writer would otherwise merge into an old file.
        let tileset = directory.appendingPathComponent(tilesetFile)
        for stale in [tileset.path, tileset.path + "-journal"] where fileManager.fileExists(atPath: stale) {
            try fileManager.removeItem(atPath: stale)
        }
        try TownTileset.write(to: tileset.path, center: center, defaultZoom: defaultZoom)

        for pixelRatio in [1, 2] {
            let sheet = SpriteSheet(icons: SpriteIconCatalog.all, pixelRatio: pixelRatio)
            let base = pixelRatio == 1 ? spriteName : "\(spriteName)@\(pixelRatio)x"
            try sheet.pngData().write(to: directory.appendingPathComponent("\(base).png"), options: .atomic)
            try sheet.jsonData().write(to: directory.appendingPathComponent("\(base).json"), options: .atomic)
        }

        let fontDirectory = directory.appendingPathComponent(glyphsDirectory).appendingPathComponent(StrokeFont.name)
        try fileManager.createDirectory(at: fontDirectory, withIntermediateDirectories: true)
        try GlyphRange.data(start: 0, end: 255).write(to: fontDirectory.appendingPathComponent("0-255.pbf"), options: .atomic)

        // file:// URLs percent-encode the directory; the {placeholders} are appended unencoded.
        let directoryURL = directory.absoluteString.hasSuffix("/") ? directory.absoluteString : directory.absoluteString + "/"
        let style = DemoStyle(
            tilesetURL: "mbtiles://" + tileset.absoluteString.dropFirst("file://".count),
            spriteURL: directoryURL + spriteName,
            glyphsURL: directoryURL + glyphsDirectory + "/{fontstack}/{range}.pbf",
            center: center, zoom: defaultZoom)
        let styleURL = directory.appendingPathComponent(styleFile)
        try style.jsonData().write(to: styleURL, options: .atomic)
        return styleURL
    }
}

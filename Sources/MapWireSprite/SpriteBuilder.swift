import Foundation
import MapWireFormats

/// Builds a sprite (sheet PNG + JSON index) from a folder of SVG icons.
///
/// Invalid SVGs: `build` and `write` are strict by default and throw `SpriteError.invalidSVGs`
/// listing every bad file; `sheet(svgFolder:pixelRatio:)` (and `write(..., skipInvalid: true)`)
/// leave them out and report them in `skipped`.
public enum SpriteBuilder {
    /// Gap between icons, so bilinear sampling of one icon never picks up its neighbour.
    static let padding = 1

    /// Renders every *.svg in `folder` (icon name = file name without .svg) at its intrinsic size ×
    /// ratio, packs them (shelf packer, sorted by height, 1 px padding), returns PNG data and the
    /// index (name → entry). Throws `SpriteError.invalidSVGs` if any SVG cannot be rendered.
    public static func build(svgFolder: URL, pixelRatio: Int) throws -> (png: Data, index: [String: SpriteEntry]) {
        let sheet = try sheet(svgFolder: svgFolder, pixelRatio: pixelRatio)
        guard sheet.skipped.isEmpty else { throw SpriteError.invalidSVGs(sheet.skipped) }
        return (sheet.png, sheet.index)
    }

    /// Like `build`, but SVGs that do not load or render are left out and listed in `skipped`.
    public static func sheet(svgFolder: URL, pixelRatio: Int) throws -> SpriteSheet {
        guard pixelRatio >= 1 else { throw SpriteError.invalidPixelRatio(pixelRatio) }
        let files = try svgFiles(in: svgFolder)
        var icons: [RasterIcon] = []
        var skipped: [SkippedIcon] = []
        for file in files {
            let name = String(file.lastPathComponent.dropLast(".svg".count))
            do {
                icons.append(try SVGRasterizer.render(file, name: name, pixelRatio: pixelRatio))
            } catch {
                skipped.append(SkippedIcon(file: file.lastPathComponent, reason: error.reason))
            }
        }
        guard !icons.isEmpty else { throw SpriteError.noUsableIcons(skipped) }

        let layout = ShelfPacker.pack(icons.map { ($0.width, $0.height) }, padding: padding)
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        var index: [String: SpriteEntry] = [:]
        for (icon, origin) in zip(icons, layout.origins) {
            copy(icon, into: &pixels, sheetWidth: layout.width, at: origin)
            index[icon.name] = SpriteEntry(
                x: origin.x, y: origin.y, width: icon.width, height: icon.height, pixelRatio: pixelRatio)
        }
        let png = try ImageEncoder.png(RGBAImage(width: layout.width, height: layout.height, pixels: pixels))
        return SpriteSheet(png: png, index: index, skipped: skipped)
    }

    /// Writes <output>.png/.json and <output>@2x.png/.json. Strict unless `skipInvalid`; returns
    /// the SVGs left out (from either ratio).
    @discardableResult
    public static func write(svgFolder: URL, output: URL, skipInvalid: Bool = false) throws -> [SkippedIcon] {
        var skipped: [SkippedIcon] = []
        for (ratio, suffix) in [(1, ""), (2, "@2x")] {
            let sheet = try sheet(svgFolder: svgFolder, pixelRatio: ratio)
            if !skipInvalid && !sheet.skipped.isEmpty { throw SpriteError.invalidSVGs(sheet.skipped) }
            try sheet.png.write(to: URL(fileURLWithPath: output.path + suffix + ".png"), options: .atomic)
            try sheet.indexJSON().write(to: URL(fileURLWithPath: output.path + suffix + ".json"), options: .atomic)
            skipped += sheet.skipped.filter { !skipped.contains($0) }
        }
        return skipped
    }

    /// The folder's *.svg files, sorted by name.
    private static func svgFiles(in folder: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SpriteError.folderNotFound(folder.path)
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension.lowercased() == "svg" && !$0.hasDirectoryPath }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !files.isEmpty else { throw SpriteError.noSVGFiles(folder.path) }
        return files
    }

    private static func copy(_ icon: RasterIcon, into sheet: inout [UInt8], sheetWidth: Int, at origin: (x: Int, y: Int)) {
        let rowBytes = icon.width * 4
        for row in 0..<icon.height {
            let target = ((origin.y + row) * sheetWidth + origin.x) * 4
            sheet.replaceSubrange(target..<(target + rowBytes), with: icon.rgba[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
    }
}

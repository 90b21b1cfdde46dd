import Foundation

public enum SpriteError: Error, Equatable, CustomStringConvertible {
    case folderNotFound(String)
    case noSVGFiles(String)
    case invalidPixelRatio(Int)
    /// Raised by the strict builders; lists every file that failed, not just the first.
    case invalidSVGs([SkippedIcon])
    /// Every SVG in the folder failed (raised even by the lenient builder: there is no sheet).
    case noUsableIcons([SkippedIcon])

    public var description: String {
        switch self {
        case .folderNotFound(let path):
            return "sprite SVG folder not found: \(path)"
        case .noSVGFiles(let path):
            return "no .svg files in \(path)"
        case .invalidPixelRatio(let ratio):
            return "sprite pixel ratio must be at least 1, got \(ratio)"
        case .invalidSVGs(let skipped):
            return "unusable SVG files: " + skipped.map(\.description).joined(separator: "; ")
        case .noUsableIcons(let skipped):
            return "none of the SVG files could be rendered: " + skipped.map(\.description).joined(separator: "; ")
        }
    }
}

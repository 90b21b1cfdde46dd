import Foundation

/// Resolves the URLs inside a style or TileJSON against the document they came from, so a style can
/// name its sprite and tiles relative to itself.
public enum URLResolver {
    public static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !hasScheme(reference) else { return reference }
        if reference.hasPrefix("/") { return base.hasPrefix("file:") ? "file://" + reference : reference }
        guard let schemeEnd = base.range(of: "://") else { return reference }
        let afterScheme = base[schemeEnd.upperBound...]
        guard let lastSlash = afterScheme.lastIndex(of: "/") else { return base + "/" + reference }
        return String(base[..<base.index(after: lastSlash)]) + reference
    }

    static func hasScheme(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":") else { return false }
        let scheme = s[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}

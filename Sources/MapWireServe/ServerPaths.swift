import Foundation

/// The server's own file locations, kept out of everything it answers: a client learns nothing of the
/// host's folders from an error message or a style document. `file:` URLs become `file:///…/NAME` (the
/// last path component stays, so a message still says which file) and absolute paths under a known root
/// (the styles' folders, the run directory, the temporary folder, the home folder) become `…/NAME`.
public struct ServerPaths: Sendable {
    /// Folders whose paths never appear in an answer, longest first (so a nested root is matched whole).
    let roots: [String]

    public init(roots: [String]) {
        let cleaned = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            .filter { $0.count > 1 }
        self.roots = Array(Set(cleaned)).sorted { $0.count > $1.count }
    }

    /// The usual roots: the given folders, the temporary folder, the home folder and the working folder.
    public static func standard(_ folders: [String]) -> ServerPaths {
        ServerPaths(roots: folders + [NSTemporaryDirectory(), NSHomeDirectory(), FileManager.default.currentDirectoryPath])
    }

    public func redact(_ text: String) -> String {
        var out = Self.redactFileURLs(text)
        for root in roots where out.contains(root) {
            out = Self.replacePaths(under: root, in: out)
        }
        return out
    }

    /// `file:///srv/styles/bright/sprite` → `file:///…/sprite`.
    static func redactFileURLs(_ text: String) -> String {
        guard text.contains("file:") else { return text }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "file:") {
            out += rest[..<range.lowerBound]
            let tail = rest[range.upperBound...]
            let end = tail.firstIndex(where: isURLEnd) ?? tail.endIndex
            let path = tail[..<end]
            out += "file:///…/" + lastComponent(path)
            rest = tail[end...]
        }
        return out + rest
    }

    /// Every occurrence of `root` followed by a path: `…/` and the path's last component.
    static func replacePaths(under root: String, in text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: root) {
            let tail = rest[range.upperBound...]
            // Only a whole folder name: "/tmp" must not take "/tmpfoo" apart.
            guard tail.first == nil || tail.first == "/" || isURLEnd(tail.first!) else {
                out += rest[..<range.upperBound]
                rest = tail
                continue
            }
            out += rest[..<range.lowerBound]
            let end = tail.firstIndex(where: isURLEnd) ?? tail.endIndex
            out += "…/" + lastComponent(tail[..<end])
            rest = tail[end...]
        }
        return out + rest
    }

    private static func isURLEnd(_ c: Character) -> Bool { c.isWhitespace || "\"'<>),;".contains(c) }

    private static func lastComponent(_ path: Substring) -> Substring {
        let trimmed = path.hasSuffix("/") ? path.dropLast() : path
        return trimmed.split(separator: "/").last ?? ""
    }
}

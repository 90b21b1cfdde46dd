import Foundation
import MapWireHTTP

/// The style document as a client of the server uses it (`/styles/{id}/style.json`): for a style
/// given as a URL, the document the core loaded, fetched the same way (through the loader's
/// `--rewrite` prefixes), with the URLs in it that are relative to the style (sprite, glyphs, sources'
/// TileJSON, tiles and GeoJSON data) made absolute, so they resolve as they did for the core.
public enum ClientStyle {
    /// Fetches `url` (http, https or file, after the first matching rewrite FROM=TO).
    public static func fetch(_ url: String, rewrites: [String], timeoutSeconds: Int64 = 15) async throws -> Data {
        try await DocumentFetch.data(url, rewrites: rules(rewrites), timeoutSeconds: timeoutSeconds)
    }

    /// Whether `fetch` failed because the document is not there (HTTP 404, or no such file).
    public static func isMissing(_ error: any Error) -> Bool {
        if let failure = error as? DocumentFetch.Failure { return failure.status == 404 }
        let cocoa = error as NSError
        return cocoa.domain == NSCocoaErrorDomain && cocoa.code == CocoaError.fileReadNoSuchFile.rawValue
    }

    /// The first rewrite whose FROM starts `url` replaces that prefix by its TO.
    static func rewritten(_ url: String, _ rewrites: [String]) -> String {
        LoaderConfiguration(rewrites: rules(rewrites)).rewrite(url).url
    }

    /// The `--rewrite FROM=TO` arguments as the loader reads them (the loader refuses any other).
    private static func rules(_ arguments: [String]) -> [URLRewrite] { arguments.compactMap(URLRewrite.init(argument:)) }

    /// The style with its relative URLs made absolute against `base` (the style's own URL); nil when
    /// it is not a JSON object.
    public static func reachable(_ json: Data, base: String) -> Data? {
        guard var style = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { return nil }
        if let sprite = style["sprite"] as? String {
            style["sprite"] = absolute(sprite, base)
        } else if let sprites = style["sprite"] as? [[String: Any]] {
            style["sprite"] = sprites.map { entry in
                var entry = entry
                if let url = entry["url"] as? String { entry["url"] = absolute(url, base) }
                return entry
            }
        }
        if let glyphs = style["glyphs"] as? String { style["glyphs"] = absolute(glyphs, base) }
        if let sources = style["sources"] as? [String: Any] {
            style["sources"] = sources.mapValues { value -> Any in
                guard var source = value as? [String: Any] else { return value }
                if let url = source["url"] as? String { source["url"] = absolute(url, base) }
                if let tiles = source["tiles"] as? [String] { source["tiles"] = tiles.map { absolute($0, base) } }
                if let data = source["data"] as? String { source["data"] = absolute(data, base) }
                return source
            }
        }
        return try? JSONSerialization.data(withJSONObject: style, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// `reference` resolved against `base` as a browser would ("/x" from the host, "x" beside the
    /// document); a URL with a scheme (http:, mapbox:, …) stays. String work, not URL(string:), so
    /// templates with {z} or {fontstack} pass unchanged.
    static func absolute(_ reference: String, _ base: String) -> String {
        if let colon = reference.firstIndex(of: ":"),
           reference[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }), colon != reference.startIndex {
            return reference
        }
        guard let schemeEnd = base.range(of: "://") else { return reference }
        let afterScheme = base[schemeEnd.upperBound...]
        if reference.hasPrefix("//") { return String(base[..<schemeEnd.lowerBound]) + ":" + reference }
        if reference.hasPrefix("/") {
            let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            return String(base[..<hostEnd]) + reference
        }
        let documentEnd = afterScheme.firstIndex { $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let path = base[..<documentEnd]
        guard let slash = path[schemeEnd.upperBound...].lastIndex(of: "/") else { return String(path) + "/" + reference }
        var relative = Substring(reference)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return String(path[...slash]) + relative
    }
}

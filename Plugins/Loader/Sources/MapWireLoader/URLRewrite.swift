/// One URL rewrite: URLs starting with `from` have that prefix replaced by `to`. When a source's
/// TileJSON URL is rewritten to a tile template (it contains `{z}`), the loader answers with a
/// TileJSON it makes for that template, using `minZoom`/`maxZoom`.
public struct URLRewrite: Sendable, Equatable, Decodable {
    public var from: String
    public var to: String
    public var minZoom: Int
    public var maxZoom: Int

    public init(from: String, to: String, minZoom: Int = 0, maxZoom: Int = 14) {
        self.from = from
        self.to = to
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }

    /// Parses `FROM=TO` (the `--rewrite` flag).
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let from = String(argument[..<equals]), to = String(argument[argument.index(after: equals)...])
        guard !from.isEmpty, !to.isEmpty else { return nil }
        self.init(from: from, to: to)
    }

    enum CodingKeys: String, CodingKey { case from, to, minZoom = "minzoom", maxZoom = "maxzoom" }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(from: try c.decode(String.self, forKey: .from), to: try c.decode(String.self, forKey: .to),
                  minZoom: try c.decodeIfPresent(Int.self, forKey: .minZoom) ?? 0,
                  maxZoom: try c.decodeIfPresent(Int.self, forKey: .maxZoom) ?? 14)
    }

    /// The rewritten URL when the rule applies.
    func apply(_ url: String) -> String? {
        guard url.hasPrefix(from) else { return nil }
        return to + url.dropFirst(from.count)
    }
}

/// The loader's configuration file: `{"rewrites": [{"from": …, "to": …, "minzoom": …, "maxzoom": …}]}`.
public struct LoaderConfiguration: Sendable, Decodable {
    public var rewrites: [URLRewrite]

    public init(rewrites: [URLRewrite] = []) { self.rewrites = rewrites }
}

import Foundation

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

/// The loader's configuration file: `{"rewrites": [{"from": …, "to": …, "minzoom": …, "maxzoom": …}],
/// "headers": [{"prefix": "https://api.example/", "headers": {"Authorization": "…"}}]}`; both optional.
public struct LoaderConfiguration: Sendable, Decodable {
    public var rewrites: [URLRewrite]
    /// Extra request headers for URLs that start with a prefix (API keys, referers).
    public var headers: [HeaderRule]

    public init(rewrites: [URLRewrite] = [], headers: [HeaderRule] = []) {
        self.rewrites = rewrites
        self.headers = headers
    }

    enum CodingKeys: String, CodingKey { case rewrites, headers }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rewrites: try c.decodeIfPresent([URLRewrite].self, forKey: .rewrites) ?? [],
                  headers: try c.decodeIfPresent([HeaderRule].self, forKey: .headers) ?? [])
    }

    /// Reads a configuration file (`mapwire-loader --config`, `mapwire offline download --config`).
    public static func read(path: String) throws(LoaderConfigurationError) -> LoaderConfiguration {
        do { return try JSONDecoder().decode(LoaderConfiguration.self, from: Data(contentsOf: URL(fileURLWithPath: path))) }
        catch { throw LoaderConfigurationError(description: "cannot read the loader configuration \(path): \(error)") }
    }

    /// `url` after the first rewrite rule that applies, and that rule.
    public func rewrite(_ url: String) -> (url: String, rule: URLRewrite?) {
        let rule = rewrites.first { url.hasPrefix($0.from) }
        return (rule?.apply(url) ?? url, rule)
    }

    /// The extra headers for `url`: every rule whose prefix it starts with, later rules winning.
    func extraHeaders(for url: String) -> [(name: String, value: String)] {
        var merged: [String: (name: String, value: String)] = [:]
        for rule in headers where url.hasPrefix(rule.prefix) {
            for (name, value) in rule.headers.sorted(by: { $0.key < $1.key }) { merged[name.lowercased()] = (name, value) }
        }
        return merged.keys.sorted().compactMap { merged[$0] }
    }
}

/// Headers added to requests whose URL starts with `prefix`.
public struct HeaderRule: Sendable, Equatable, Decodable {
    public var prefix: String
    public var headers: [String: String]

    public init(prefix: String, headers: [String: String]) {
        self.prefix = prefix
        self.headers = headers
    }
}

public struct LoaderConfigurationError: Error, CustomStringConvertible {
    public let description: String
}

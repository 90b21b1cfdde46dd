import Foundation

/// Which web pages may open the live view's WebSocket (it drives the map and reads its events): pages of
/// the server's own origin, or of an origin given with `--allow-origin` (`*`: any). The `Host` a browser
/// sends must be an address (127.0.0.1, [::1], 10.0.0.5), `localhost`, or the host of an allowed origin,
/// so a page whose name was re-pointed at this server (DNS rebinding) is not taken for its own origin.
/// A client without `Origin`, or with a `ws:`/`wss:` one (a page's origin is never that; WebSocket
/// libraries send it), is not a browser and may connect: it could send any Origin anyway. Tiles, images and JSON are public: any page
/// may read them (`Access-Control-Allow-Origin: *`).
public struct OriginPolicy: Sendable, Equatable {
    /// Normalised origins (`scheme://host[:port]`, lower case, default ports left out); `*` allows any.
    public let allowed: [String]

    public init(allowed: [String] = []) {
        self.allowed = allowed.compactMap(Self.normalised)
    }

    /// `--allow-origin` values that are neither `*` nor `http(s)://host[:port]`.
    public static func invalid(_ values: [String]) -> [String] { values.filter { normalised($0) == nil } }

    var allowsAny: Bool { allowed.contains("*") }

    /// nil when the upgrade may go ahead, else why not.
    public func refusal(origin: String?, host: String?) -> String? {
        guard let host, let hostName = Self.hostName(ofAuthority: host) else { return "a WebSocket needs a Host header" }
        let allowedHosts = Set(allowed.compactMap { Self.hostName(ofAuthority: Self.authority(ofOrigin: $0) ?? "") })
        guard allowsAny || Self.isAddressOrLocalhost(hostName) || allowedHosts.contains(hostName) else {
            return "the Host \(host.prefix(100)) is not this server's (give --allow-origin for the name it is reached by)"
        }
        guard let origin, !Self.isWebSocketLibraryOrigin(origin) else { return nil }
        if allowsAny { return nil }
        guard let given = Self.normalised(origin) else { return "the Origin \(origin.prefix(100)) is not an origin" }
        if allowed.contains(given) { return nil }
        if let authority = Self.authority(ofOrigin: given), authority == Self.normalisedAuthority(host, scheme: Self.scheme(of: given)) { return nil }
        return "pages of \(given) may not open the live view (--allow-origin)"
    }

    /// `HTTP://Example.com:80/` → `http://example.com`; nil when it is not an http(s) origin.
    static func normalised(_ text: String) -> String? {
        if text == "*" { return "*" }
        var value = text.lowercased()
        while value.hasSuffix("/") { value.removeLast() }
        guard let scheme = scheme(of: value), let authority = authority(ofOrigin: value), !authority.isEmpty,
              !authority.contains("/"), !authority.contains("@"), hostName(ofAuthority: authority) != nil else { return nil }
        return "\(scheme)://\(normalisedAuthority(authority, scheme: scheme))"
    }

    static func isWebSocketLibraryOrigin(_ origin: String) -> Bool {
        let lower = origin.lowercased()
        return lower.hasPrefix("ws://") || lower.hasPrefix("wss://")
    }

    static func scheme(of origin: String) -> String? {
        if origin.hasPrefix("http://") { return "http" }
        if origin.hasPrefix("https://") { return "https" }
        return nil
    }

    static func authority(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        return String(origin[range.upperBound...])
    }

    /// Lower case, without the scheme's default port.
    static func normalisedAuthority(_ authority: String, scheme: String?) -> String {
        let lower = authority.lowercased()
        let defaultPort = scheme == "https" ? ":443" : ":80"
        return lower.hasSuffix(defaultPort) ? String(lower.dropLast(defaultPort.count)) : lower
    }

    /// The host of `host[:port]` or `[v6]:port`; nil when it is not one.
    static func hostName(ofAuthority authority: String) -> String? {
        let lower = authority.lowercased()
        if lower.hasPrefix("[") {
            guard let close = lower.firstIndex(of: "]") else { return nil }
            return String(lower[...close])
        }
        let host = lower.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }) else { return nil }
        return host
    }

    static func isAddressOrLocalhost(_ host: String) -> Bool {
        if host == "localhost" || host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}

import Foundation

/// The proxies the environment names (`HTTPS_PROXY`, `HTTP_PROXY`, lower case first as curl reads
/// them; `NO_PROXY` exceptions) and which one a URL goes through. Pure: the environment is passed in.
struct ProxySettings: Equatable, Sendable {
    struct Server: Hashable, Sendable {
        var host: String
        var port: Int
        var user: String?
        var password: String?
        var socks = false
    }

    var http: Server?
    var https: Server?
    /// `NO_PROXY` entries, lower case, leading dots removed; "*" means every host.
    var noProxy: [String] = []

    init(http: Server? = nil, https: Server? = nil, noProxy: [String] = []) {
        self.http = http
        self.https = https
        self.noProxy = noProxy
    }

    init(environment: [String: String]) {
        func value(_ name: String) -> String? {
            let v = environment[name.lowercased()] ?? environment[name.uppercased()]
            return v?.isEmpty == false ? v : nil
        }
        http = value("http_proxy").flatMap(Self.server)
        https = value("https_proxy").flatMap(Self.server)
        noProxy = (value("no_proxy") ?? "").split(separator: ",").compactMap { entry in
            var host = entry.trimmingCharacters(in: .whitespaces).lowercased()
            while host.hasPrefix(".") || host.hasPrefix("*.") { host.removeFirst(host.hasPrefix("*.") ? 2 : 1) }
            // A port on an entry (host:8080) is accepted and ignored, as most clients do.
            if !host.hasPrefix("["), let colon = host.lastIndex(of: ":"), host.filter({ $0 == ":" }).count == 1 {
                host = String(host[..<colon])
            }
            return host.isEmpty ? nil : host
        }
    }

    /// The proxy for a URL of `scheme` (http or https) to `host`, nil for a direct connection.
    func proxy(scheme: String, host: String) -> Server? {
        let server = scheme.lowercased() == "https" ? https : http
        guard let server else { return nil }
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        for entry in noProxy {
            if entry == "*" || host == entry || host.hasSuffix("." + entry) { return nil }
        }
        return server
    }

    /// `http://user:pass@host:port/`, `host:port` or `socks5://host:port`; nil when unreadable.
    static func server(_ text: String) -> Server? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var socks = false
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound].lowercased()
            guard ["http", "socks5", "socks5h", "socks"].contains(scheme) else { return nil }
            socks = scheme.hasPrefix("socks")
            rest = rest[schemeEnd.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var user: String?, password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at].split(separator: ":", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            user = credentials.first
            password = credentials.count > 1 ? credentials[1] : nil
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest), port = socks ? 1080 : 80
        if let colon = rest.lastIndex(of: ":"), !rest[colon...].contains("]") {
            guard let p = Int(rest[rest.index(after: colon)...]), (1...65535).contains(p) else { return nil }
            port = p
            host = String(rest[..<colon])
        }
        host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty else { return nil }
        return Server(host: host, port: port, user: user, password: password, socks: socks)
    }
}

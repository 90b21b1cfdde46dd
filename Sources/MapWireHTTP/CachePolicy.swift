import Foundation

/// What a response's headers say about keeping it (RFC 9111, as MapLibre reads them): `Cache-Control`
/// `max-age` (before `Expires`), `must-revalidate` and `no-cache` (both: ask the server before reuse),
/// `ETag` and `Last-Modified` as validators for the next conditional request.
struct CachePolicy: Equatable, Sendable {
    /// Unix seconds after which the data is stale; nil when the server said nothing.
    var expires: Int64?
    var mustRevalidate = false
    var etag: String?
    /// Unix seconds (`Last-Modified`).
    var modified: Int64?

    /// `header(name)` returns a header's value (names case-insensitive, as AHC's `HTTPHeaders`).
    init(now: Int64, header: (String) -> String?) {
        var maxAge: Int64?
        var noCache = false
        if let cacheControl = header("Cache-Control") {
            for directive in cacheControl.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                switch parts[0] {
                case "max-age" where parts.count == 2:
                    maxAge = Int64(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
                case "must-revalidate":
                    mustRevalidate = true
                case "no-cache", "no-store":
                    // Reusable only after asking the server (MapLibre keeps no-store too, as no-cache).
                    mustRevalidate = true
                    noCache = true
                default:
                    break
                }
            }
        }
        if noCache { expires = now }
        else if let maxAge { expires = now + max(0, maxAge) }
        else if let value = header("Expires") {
            // An unreadable Expires ("0", "-1") means already expired (RFC 9111 5.3).
            expires = HTTPDate.parse(value) ?? now
        }
        etag = header("ETag")
        modified = header("Last-Modified").flatMap(HTTPDate.parse)
    }

    init(expires: Int64? = nil, mustRevalidate: Bool = false, etag: String? = nil, modified: Int64? = nil) {
        self.expires = expires
        self.mustRevalidate = mustRevalidate
        self.etag = etag
        self.modified = modified
    }
}

import MapWireProtocol

/// What an HTTP status means for a load, as MapLibre Native reads it: 200/206 data; 304 the cached
/// data is still good; 204, and 404 for a tile (a sparse tile set's hole), no content; any other 404
/// not-found; 429 rate-limit; 5xx server; anything else an `other` error naming the status.
enum HTTPStatusMapping {
    enum Outcome: Equatable {
        case data
        case notModified
        case noContent
        case failure(Mapwire_V1_ErrorReason, String)
    }

    static func outcome(status: Int, kind: Mapwire_V1_ResourceKind, url: String) -> Outcome {
        switch status {
        case 200, 206: return .data
        case 304: return .notModified
        case 204: return .noContent
        case 404 where kind == .tile: return .noContent
        case 404: return .failure(.notFound, "HTTP 404 Not Found: \(url)")
        case 429: return .failure(.rateLimit, "HTTP 429 Too Many Requests: \(url)")
        case 500...599: return .failure(.server, "HTTP \(status) server error: \(url)")
        default: return .failure(.other, "HTTP status \(status): \(url)")
        }
    }
}

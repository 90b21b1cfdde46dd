import Foundation
import MapWireServeInput

/// CORS for the public data (tiles, images, TileJSON, style.json): any page may read it.
extension OriginPolicy {
    /// The headers that let any page read a public answer (tiles, images, TileJSON, style.json).
    static let publicHeaders = [("Access-Control-Allow-Origin", "*"), ("Access-Control-Expose-Headers", "ETag")]

    /// The answer to a CORS preflight (OPTIONS) for a public route.
    static func preflight(requestedHeaders: String?) -> ServeResponse {
        var headers = publicHeaders + [("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"), ("Access-Control-Max-Age", "86400")]
        if let requestedHeaders, requestedHeaders.count <= 1024 { headers.append(("Access-Control-Allow-Headers", requestedHeaders)) }
        return ServeResponse(status: 204, headers: headers, body: Data())
    }
}

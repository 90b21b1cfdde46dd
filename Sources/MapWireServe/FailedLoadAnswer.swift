import Foundation
import MapWireProtocol

/// An image the core drew without some of the data it needed (`SnapshotResult.failed_loads`) is not a
/// success: 502 when an upstream server answered with an error (the data is there but refused), 503 when
/// none answered (down, unreachable, too slow); either way the client may try again later. A tile that is
/// truly empty (204, or 404 for a tile) is no failed load: that image is served as drawn.
public enum FailedLoadAnswer {
    /// Seconds a client waits before asking again: an upstream that answered with an error is given longer.
    static let retryAfterUpstreamError = 5
    static let retryAfterUnreachable = 2

    /// nil when nothing failed.
    public static func failure(_ loads: [Mapwire_V1_FailedLoad]) -> ServeFailure? {
        guard let first = loads.first else { return nil }
        let upstreamAnswered = loads.contains(where: answeredByUpstream)
        let what = loads.count == 1 ? "1 load" : "\(loads.count) loads"
        return ServeFailure(status: upstreamAnswered ? 502 : 503,
                            message: "the image was not drawn whole: \(what) it needed failed (\(describe(first)))",
                            retryAfterSeconds: upstreamAnswered ? retryAfterUpstreamError : retryAfterUnreachable)
    }

    /// Whether the upstream server answered (with an HTTP error), rather than not at all.
    static func answeredByUpstream(_ load: Mapwire_V1_FailedLoad) -> Bool {
        switch load.reason {
        case .server, .notFound, .rateLimit: true
        // The bundled loader names the status of any other HTTP error ("HTTP status 403: …").
        case .other: load.message.hasPrefix("HTTP ")
        default: false
        }
    }

    static func describe(_ load: Mapwire_V1_FailedLoad) -> String {
        var what: String
        switch load.type {
        case .tile: what = "tile"
        case .source: what = "source"
        case .sprite: what = "sprite"
        case .glyphs: what = "glyphs"
        case .style: what = "style"
        default: what = "resource"
        }
        if load.hasSourceID { what += " of source \"\(load.sourceID)\"" }
        if load.hasTileID { what += " \(load.tileID.z)/\(load.tileID.x)/\(load.tileID.y)" }
        return load.message.isEmpty ? what : "\(what): \(load.message)"
    }
}

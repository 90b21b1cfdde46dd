import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol
import MapWireSession

/// The real events `bench-publish` sends, padded in their free text (a URL, an error message) so
/// that topic + envelope come to the size asked for.
enum BenchEvents {
    /// In the values the map's own events carry (EventPayload), published through the same path.
    static func payload(_ kind: Mapwire_V1_BenchPublish.Kind, bytes: Int, mapID: String) throws(MapCommandError) -> EventPayload {
        switch kind {
        case .cameraChanged:
            return .cameraChanged
        case .resourceRequest:
            return padded(bytes, mapID: mapID) { .resourceRequest(tileRequest(url: "file:///srv/map/tiles/14/4202/6091.pbf?" + $0)) }
        case .mapLoadingError:
            return padded(bytes, mapID: mapID) { padding in
                .mapLoadingError(MapLoadingError(kind: .tile, message: "could not load tile 14/4202/6091 of source v: " + padding,
                                                 sourceID: "v", tileID: CanonicalTileID(z: 14, x: 4202, y: 6091)))
            }
        case .unspecified, .UNRECOGNIZED:
            throw MapCommandError("bench-publish needs a kind: camera-changed, resource-request or map-loading-error")
        }
    }

    /// A completed tile request as the core publishes it after a loader answered from a file.
    static func tileRequest(url: String) -> ResourceRequestEvent {
        var response = ResourceResponse()
        response.source = .localFile
        response.size = 48213
        response.modified = "Fri, 21 Nov 2026 10:20:00 GMT"
        response.etag = "\"bc55-6920a4e0\""
        return ResourceRequestEvent(dataSource: .fileSystem,
                                    request: ResourceRequest(url: url, kind: .tile, priority: .regular, loadingMethod: [.cache, .network]),
                                    response: response, cancelled: false)
    }

    /// Topic + envelope bytes of an event as the publisher would encode it.
    static func messageBytes(_ payload: EventPayload, mapID: String) -> Int {
        // Any timestamp of this century takes the same 9 varint bytes.
        let now: Int64 = 1 << 60
        let envelope = Mapwire_V1_Envelope.with {
            $0.protocolVersion = mapWireProtocolVersion
            $0.epoch = UInt64.max
            $0.sequence = 1_000_000
            $0.beginUnixNanos = now
            $0.endUnixNanos = now
            $0.mapID = mapID
            $0.payload = payload.protobuf
            $0.benchmark = true
        }
        return EnvelopeCodec.encode(envelope).reduce(0) { $0 + $1.count }
    }

    /// Grows the padding until the message reaches `bytes` (or stays at its smallest size).
    private static func padded(_ bytes: Int, mapID: String, _ make: (String) -> EventPayload) -> EventPayload {
        var padding = ""
        var payload = make(padding)
        // Lengths cross varint boundaries, so step until the size is reached rather than solve for it.
        for _ in 0..<4 {
            let missing = bytes - messageBytes(payload, mapID: mapID)
            guard missing > 0 else { break }
            padding += String(repeating: "x", count: missing)
            payload = make(padding)
        }
        return payload
    }
}

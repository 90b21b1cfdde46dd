import MapWireLoadStatus
import MapWireProtocol

/// Synthetic events, named after their topics, for feeding the tracker.
enum Event {
    static func styleRequest(error: Bool = false) -> Mapwire_V1_Envelope.OneOf_Payload {
        .resourceRequest(.with {
            $0.request = .with { $0.kind = .style; $0.url = "file:///style.json" }
            if error { $0.response = .with { $0.error = .with { $0.reason = .notFound; $0.message = "no such file" } } }
        })
    }
    static func styleData(_ type: Mapwire_V1_StyleDataLoaded.TypeEnum) -> Mapwire_V1_Envelope.OneOf_Payload {
        .styleDataLoaded(.with { $0.type = type })
    }
    static func metadata(_ id: String) -> Mapwire_V1_Envelope.OneOf_Payload {
        .sourceDataLoaded(.with { $0.id = id; $0.type = .metadata })
    }
    static func tile(_ id: String, loaded: Bool, x: UInt32 = 0) -> Mapwire_V1_Envelope.OneOf_Payload {
        .sourceDataLoaded(.with { $0.id = id; $0.type = .tile; $0.loaded = loaded; $0.tileID = .with { $0.z = 1; $0.x = x } })
    }
    static func error(_ type: Mapwire_V1_MapLoadingError.TypeEnum, _ message: String, source: String? = nil,
                      tileX: UInt32? = nil) -> Mapwire_V1_Envelope.OneOf_Payload {
        .mapLoadingError(.with {
            $0.type = type
            $0.message = message
            if let source { $0.sourceID = source }
            if let tileX { $0.tileID = .with { $0.z = 1; $0.x = tileX } }
        })
    }
    /// A tile's resource-request: answered (with an error when `failed`) or cancelled.
    static func tileRequest(x: UInt32, failed: Bool = false, cancelled: Bool = false) -> Mapwire_V1_Envelope.OneOf_Payload {
        .resourceRequest(.with {
            $0.request = .with { $0.kind = .tile; $0.url = "http://tiles.example/1/\(x)/0.pbf" }
            $0.cancelled = cancelled
            if failed { $0.response = .with { $0.error = .with { $0.reason = .connection; $0.message = "connection refused" } } }
        })
    }
    /// A tile that failed: its request, its map-loading-error, its source-data-loaded (PROTOCOL.md 6.1 step 7).
    static func failedTile(_ id: String, x: UInt32, complete: Bool) -> [Mapwire_V1_Envelope.OneOf_Payload] {
        [tileRequest(x: x, failed: true), error(.tile, "could not load tile 1/\(x)/0", source: id, tileX: x), tile(id, loaded: complete, x: x)]
    }
    static let mapLoaded = Mapwire_V1_Envelope.OneOf_Payload.mapLoaded(.init())
    static let mapIdle = Mapwire_V1_Envelope.OneOf_Payload.mapIdle(.init())
}

extension LoadStatusTracker {
    /// Applies every event and returns all changes as "target:old>new" strings, easy to compare.
    mutating func feed(_ events: [Mapwire_V1_Envelope.OneOf_Payload]) -> [String] {
        events.flatMap { apply($0) }.map { "\($0.target):\($0.old.documentedName)>\($0.new.documentedName)" }
    }
}

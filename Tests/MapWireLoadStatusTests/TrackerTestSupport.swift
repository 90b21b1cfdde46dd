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
    static func tile(_ id: String, loaded: Bool) -> Mapwire_V1_Envelope.OneOf_Payload {
        .sourceDataLoaded(.with { $0.id = id; $0.type = .tile; $0.loaded = loaded; $0.tileID = .with { $0.z = 1 } })
    }
    static func error(_ type: Mapwire_V1_MapLoadingError.TypeEnum, _ message: String, source: String? = nil) -> Mapwire_V1_Envelope.OneOf_Payload {
        .mapLoadingError(.with {
            $0.type = type
            $0.message = message
            if let source { $0.sourceID = source }
        })
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

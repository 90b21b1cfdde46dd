import MapEngine
import MapWireProtocol

/// An event's payload as the session hands it to the shell to publish: the frequent events in the
/// engine's own values, which the publisher writes by hand (EventPayload+Wire.swift) with no
/// swift-protobuf message built, copied or destroyed per event; every other event as its message.
public enum EventPayload: Sendable, Equatable {
    /// camera-changed: an empty message, the most frequent event.
    case cameraChanged
    /// resource-request: a load finished or cancelled.
    case resourceRequest(ResourceRequestEvent)
    /// map-loading-error.
    case mapLoadingError(MapLoadingError)
    /// Any other event, as swift-protobuf's message.
    case message(Mapwire_V1_Envelope.OneOf_Payload)

    /// The event's payload in the engine's terms: the frequent ones keep the engine's values.
    public init(_ event: MapEvent) {
        switch event {
        case .cameraChanged: self = .cameraChanged
        case .resourceRequest(let e): self = .resourceRequest(e)
        case .mapLoadingError(let e): self = .mapLoadingError(e)
        default: self = .message(event.payload)
        }
    }

    /// The same payload as swift-protobuf's message: what a subscriber decodes. For tests and cold
    /// paths (sizes, logs); the publisher never builds it.
    public var protobuf: Mapwire_V1_Envelope.OneOf_Payload {
        switch self {
        case .cameraChanged: MapEvent.cameraChanged.payload
        case .resourceRequest(let e): MapEvent.resourceRequest(e).payload
        case .mapLoadingError(let e): MapEvent.mapLoadingError(e).payload
        case .message(let payload): payload
        }
    }

    /// The topic it is published under.
    public var topic: String { protobuf.topic }
}

import MapEngine
import MapWireProtocol

/// An event's payload as the session hands it to the shell to publish: the frequent events in the
/// engine's own values, which the publisher writes straight from them (EventPayload+Wire.swift) with no
/// swift-protobuf message built, copied or destroyed per event; every other event as its message.
/// The cases with values hold them in a box: the enum is one pointer, so switching over it and passing
/// it on (SessionOutput, the bench loop) copies a reference, not a struct of a dozen fields. A class's
/// `let` is read in place; an `indirect` case's value was copied out (its strings retained) per event.
public enum EventPayload: Sendable, Equatable {
    /// camera-changed: an empty message, the most frequent event.
    case cameraChanged
    /// resource-request: a load finished or cancelled.
    case resourceRequest(Boxed<ResourceRequestEvent>)
    /// map-loading-error.
    case mapLoadingError(Boxed<MapLoadingError>)
    /// Any other event, as swift-protobuf's message.
    indirect case message(Mapwire_V1_Envelope.OneOf_Payload)

    /// The event's payload in the engine's terms: the frequent ones keep the engine's values.
    public init(_ event: MapEvent) {
        switch event {
        case .cameraChanged: self = .cameraChanged
        case .resourceRequest(let e): self = .resourceRequest(Boxed(e))
        case .mapLoadingError(let e): self = .mapLoadingError(Boxed(e))
        default: self = .message(event.payload)
        }
    }

    /// The same payload as swift-protobuf's message: what a subscriber decodes. For tests and cold
    /// paths (sizes, logs); the publisher never builds it.
    public var protobuf: Mapwire_V1_Envelope.OneOf_Payload {
        switch self {
        case .cameraChanged: MapEvent.cameraChanged.payload
        case .resourceRequest(let e): MapEvent.resourceRequest(e.value).payload
        case .mapLoadingError(let e): MapEvent.mapLoadingError(e.value).payload
        case .message(let payload): payload
        }
    }

    /// The topic it is published under.
    public var topic: String { protobuf.topic }
}

extension EventPayload {
    public static func resourceRequest(_ event: ResourceRequestEvent) -> EventPayload { .resourceRequest(Boxed(event)) }
    public static func mapLoadingError(_ error: MapLoadingError) -> EventPayload { .mapLoadingError(Boxed(error)) }
}

/// An immutable value on the heap, shared by reference (EventPayload's cases).
public final class Boxed<Value: Sendable>: Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

extension Boxed: Equatable where Value: Equatable {
    public static func == (a: Boxed, b: Boxed) -> Bool { a.value == b.value }
}

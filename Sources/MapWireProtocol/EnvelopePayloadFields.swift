import MapWireWireFormat

/// An event payload's fields as the publisher writes them (EnvelopeWriter), with the payload's field in
/// `Envelope` and its topic: the generated `…Fields` protocol of each hot payload message (Generated/
/// mapwire_v1_fastwire.swift) gives both, so any value that provides the fields is published as that event.
public protocol EnvelopePayloadFields: ProtobufFields {
    /// The payload's field in `Envelope`'s oneof.
    static var envelopeField: Int { get }
    /// The topic its events are published under.
    static var topic: StaticString { get }
}

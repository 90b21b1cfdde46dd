/// An envelope's header fields and its payload's field number, read without decoding the payload
/// (generated: `Header.read`, strict, and `Header.parse`, lenient): what a subscriber that needs the
/// topic, sequence or time but not the data reads (EventSubscriber.nextLazy), and what the recorder
/// stores (RawEnvelope).
public typealias EnvelopeHeader = Mapwire_V1_Envelope.Header

extension Mapwire_V1_Envelope.Header {
    /// Whether the payload is the core's welcome (Envelope field 100, SubscriberWelcome).
    public var isWelcome: Bool { payloadField == 100 }

    /// Whether the payload is a map event (not a welcome or the control traffic).
    public var carriesMapEvent: Bool { (16..<100).contains(payloadField) }
}

import MapWireWireFormat

// camera-changed (events.proto): an empty message, the most frequent event of all. By hand it costs
// nothing; through swift-protobuf each one was a serialization and an array of its own.

extension Mapwire_V1_CameraChanged: HandWrittenWire {
    /// Any byte at all is a field this codec does not know: swift-protobuf keeps it as an unknown field.
    init?(wireFields bytes: UnsafeRawBufferPointer) {
        guard bytes.isEmpty else { return nil }
        self.init()
    }
}

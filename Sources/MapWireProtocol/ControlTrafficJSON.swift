import MapWireJSON

extension Mapwire_V1_ControlTraffic {
    /// `{"bytes": N}`: the size of the ControlMessage it carries (the message itself is binary; a
    /// recording stores it as a mapwire.v1.ControlMessage, which MCAP readers decode).
    public var documentedJSON: JSONValue { .object([JSONMember("bytes", .int(Int64(controlMessage.count)))]) }
}

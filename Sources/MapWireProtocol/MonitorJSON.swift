extension Mapwire_V1_Envelope {
    /// The monitor's JSON line: {"seq", "time" (RFC 3339, UTC), "type" (the topic), "data"}.
    /// Nil for a payload this build does not know (a newer core's event).
    public var monitorJSON: JSONValue? {
        guard let payload, payload.isMapEvent else { return nil }
        return .object([
            JSONMember("seq", .uint(sequence)),
            JSONMember("time", .string(RFC3339.format(unixNanos: beginUnixNanos))),
            JSONMember("type", .string(payload.topic)),
            JSONMember("data", payload.documentedJSON),
        ])
    }
}

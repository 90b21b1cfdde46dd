/// The JSON of the viewport events (PROTOCOL.md, "Viewport"): a status is tagged by "status" so a
/// reader switches on one key whatever the kind, e.g. {"status":"state","state":"follow-puck"}.
extension Mapwire_V1_ViewportStatus {
    public var documentedJSON: JSONValue {
        switch status {
        case .idle, nil:
            return .object([JSONMember("status", .string("idle"))])
        case .state(let name):
            return .object([JSONMember("status", .string("state")), JSONMember("state", .string(name))])
        case .transition(let t):
            return .object([
                JSONMember("status", .string("transition")),
                JSONMember("from", .string(t.from)),
                JSONMember("to", .string(t.to)),
            ])
        }
    }
}

extension Mapwire_V1_ViewportCamera {
    public var documentedJSON: JSONValue {
        .object([
            JSONMember("center", .array([.number(longitude), .number(latitude)])),
            JSONMember("zoom", .number(zoom)),
            JSONMember("bearing", .number(bearing)),
            JSONMember("pitch", .number(pitch)),
        ])
    }
}

/// plugin-gone and plugin-supervision in their documented JSON form (PROTOCOL.md 5.1.2). Their own
/// file because they are bus-health events of MapWire, not seed map events.
extension Mapwire_V1_PluginGone {
    public var documentedJSON: JSONValue {
        .object([
            JSONMember("plugin-id", .string(pluginID)),
            JSONMember("name", .string(name)),
            JSONMember("roles", .array(roles.map { .string($0) })),
            JSONMember("pid", .int(Int64(pid))),
            JSONMember("reason", .string(reason.documentedName)),
            JSONMember("silent-ms", .int(Int64(silentMs))),
            JSONMember("requests-moved", .int(Int64(requestsMoved))),
        ])
    }
}

extension Mapwire_V1_PluginSupervision {
    public var documentedJSON: JSONValue {
        .object([
            JSONMember("plugin", .string(plugin)),
            JSONMember("action", .string(action.documentedName)),
            JSONMember("old-pid", .int(Int64(oldPid))),
            JSONMember("new-pid", .int(Int64(newPid))),
            JSONMember("restarts-in-window", .int(Int64(restartsInWindow))),
            JSONMember("reason", .string(reason)),
        ])
    }
}

extension Mapwire_V1_PluginGone.Reason: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .goodbye: "goodbye"
        case .heartbeatTimeout: "heartbeat-timeout"
        case .disconnected: "disconnected"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_PluginSupervision.Action: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .restarted: "restarted"
        case .gaveUp: "gave-up"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

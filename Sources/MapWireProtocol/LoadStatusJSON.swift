/// The load-status-changed event's documented JSON: {"target", "status", "error"?}. Its own file
/// because the event is MapWire's, not one of the seed's map events.
extension Mapwire_V1_LoadStatusChanged {
    public var documentedJSON: JSONValue {
        var members = [JSONMember("target", .string(target)), JSONMember("status", .string(status.documentedName))]
        if hasError { members.append(JSONMember("error", .string(error))) }
        return .object(members)
    }
}

extension Mapwire_V1_LoadStatusChanged.Status: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .notLoaded: "not-loaded"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_LoadStatusChanged {
    /// The target that stands for the whole map (every other target is a source id).
    public static let mapTarget = "map"
}

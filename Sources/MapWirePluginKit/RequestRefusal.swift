import MapWireProtocol

/// The answer of a plugin whose roles take no requests (load-status, location): nothing for a cancel,
/// `CODE_UNKNOWN_MESSAGE` for a kind this build does not know (a newer core, PROTOCOL.md 7.4), and
/// `CODE_INVALID` for any known kind.
public enum RequestRefusal {
    public static func answer(_ request: Mapwire_V1_PluginRequest, plugin name: String) -> Mapwire_V1_PluginReply? {
        if case .cancel = request.kind { return nil }
        let known = request.kind != nil
        return .with {
            $0.id = request.id
            $0.error = .with {
                $0.code = known ? .invalid : .unknownMessage
                $0.message = known ? "the \(name) plugin answers no requests" : "the \(name) plugin does not know this request type"
                $0.inReplyTo = request.id
            }
        }
    }
}

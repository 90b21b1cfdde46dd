import MapWireProtocol

/// The one answer to a request a plugin does not serve (PROTOCOL.md 7.4, 10.2): nothing for a cancel,
/// `CODE_UNKNOWN_MESSAGE` for a kind this build does not know (a newer core), and `CODE_INVALID` for a
/// known kind its roles do not take. libmapwire and the Python `Plugin` answer the same codes.
public enum RequestRefusal {
    /// `work` says what the plugin does instead ("loads resources"); nil for plugins whose roles take no
    /// requests at all (load-status, location).
    public static func answer(_ request: Mapwire_V1_PluginRequest, plugin name: String, onlyDoes work: String? = nil) -> Mapwire_V1_PluginReply? {
        if case .cancel = request.kind { return nil }
        let known = request.kind != nil
        let message = known
            ? work.map { "the \(name) plugin only \($0)" } ?? "the \(name) plugin answers no requests"
            : "the \(name) plugin does not know this request type"
        return .with {
            $0.id = request.id
            $0.error = .with {
                $0.code = known ? .invalid : .unknownMessage
                $0.message = message
                $0.inReplyTo = request.id
            }
        }
    }
}

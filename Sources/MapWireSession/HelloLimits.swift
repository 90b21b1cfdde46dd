import MapWireProtocol

/// Sizes a hello may have: a plugin's name, roles and capabilities are kept for its lifetime and repeated
/// in logs and get-state, so a megabyte of name from a hostile peer would cost every later step.
public enum HelloLimits {
    public static let nameBytes = 256
    public static let roles = 32
    public static let roleBytes = 64
    public static let capabilities = 64
    public static let capabilityBytes = 256

    /// Why a hello is refused, with the error code to answer it with (PROTOCOL.md 7.1), or nil when it is taken.
    static func refusal(of hello: Mapwire_V1_Hello) -> (Mapwire_V1_Error.Code, String)? {
        guard hello.protocolVersion == mapWireProtocolVersion else {
            return (.versionMismatch, "this core speaks protocol version \(mapWireProtocolVersion), the plugin \(hello.protocolVersion)")
        }
        guard !hello.name.isEmpty else { return (.invalid, "a hello needs a name") }
        return violation(of: hello).map { (.invalid, $0) }
    }

    /// Why a hello is too large, or nil when it fits.
    static func violation(of hello: Mapwire_V1_Hello) -> String? {
        if hello.name.utf8.count > nameBytes {
            return "a hello's name is at most \(nameBytes) bytes (got \(hello.name.utf8.count))"
        }
        if hello.roles.count > roles { return "a hello has at most \(roles) roles (got \(hello.roles.count))" }
        if let role = hello.roles.first(where: { $0.utf8.count > roleBytes }) {
            return "a hello's roles are at most \(roleBytes) bytes each (one has \(role.utf8.count))"
        }
        if hello.capabilities.count > capabilities {
            return "a hello has at most \(capabilities) capabilities (got \(hello.capabilities.count))"
        }
        if let capability = hello.capabilities.first(where: { $0.utf8.count > capabilityBytes }) {
            return "a hello's capabilities are at most \(capabilityBytes) bytes each (one has \(capability.utf8.count))"
        }
        return nil
    }
}

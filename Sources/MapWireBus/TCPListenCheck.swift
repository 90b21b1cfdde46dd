import CZeroMQ
import Foundation

/// Checks, before a core binds anything, that it can listen on a TCP endpoint, so a refusal is a
/// clear message and not a half-started core. A trial bind in a context of its own, released at
/// once (libzmq sets SO_REUSEADDR, so the real bind right after succeeds).
public enum TCPListenCheck {
    /// Why `endpoint` cannot be listened on (`role` names it in the message), or nil when it can.
    public static func problem(binding endpoint: String, role: String) -> String? {
        let context = ZMQContext()
        defer { context.shutdown() }
        do {
            let socket = try ZMQSocket(context, type: .router)
            defer { socket.close() }
            try socket.bind(endpoint)
            return nil
        } catch {
            let port = endpoint.split(separator: ":").last.map(String.init) ?? "?"
            let host = hostPart(endpoint)
            switch error.code {
            case EADDRINUSE: return "the \(role) port \(port) (\(endpoint)) is already in use"
            case EADDRNOTAVAIL: return "\(host) is not an address of this machine (\(role) endpoint \(endpoint))"
            case ENODEV, EINVAL: return "cannot resolve \(host) (\(role) endpoint \(endpoint))"
            default: return "cannot listen on \(endpoint) (\(role)): \(error)"
            }
        }
    }

    /// Warnings for a listening endpoint: every interface (0.0.0.0, *, ::) rather than a chosen one.
    public static func warnings(for endpoint: String) -> [String] {
        let host = hostPart(endpoint)
        guard ["0.0.0.0", "*", "::", "[::]"].contains(host) else { return [] }
        return ["\(endpoint) listens on every network interface; give one address (e.g. the LAN's) to expose less"]
    }

    static func hostPart(_ endpoint: String) -> String {
        let rest = endpoint.hasPrefix("tcp://") ? endpoint.dropFirst("tcp://".count) : Substring(endpoint)
        guard let colon = rest.lastIndex(of: ":") else { return String(rest) }
        return String(rest[..<colon])
    }
}

import Foundation

/// The ZeroMQ Authentication Protocol (RFC 27) handler of one context: libzmq asks it about every
/// CurveZMQ handshake on that context's sockets, and it admits only client keys on the allow-list.
///
/// A REP socket bound to inproc://zeromq.zap.01. Not Sendable: the core polls it on its own loop thread
/// (it is one of the loop's sockets), so it needs no lock.
public final class ZAPHandler {
    public let socket: ZMQSocket
    private let allowed: Set<[UInt8]>
    /// Handshakes refused (unknown key, wrong mechanism) and accepted, for the core's counters.
    public private(set) var refused = 0
    public private(set) var accepted = 0
    /// Called with a short reason for each refusal (for logs).
    public var onRefusal: (String) -> Void = { _ in }

    public static let endpoint = "inproc://zeromq.zap.01"

    public init(context: ZMQContext, allowedPublicKeys: [String]) throws(ZMQError) {
        socket = try ZMQSocket(context, type: .rep)
        allowed = Set(allowedPublicKeys.compactMap(CurveKey.binary))
        try socket.bind(Self.endpoint)
    }

    /// Answers every pending request (call when the socket is readable).
    public func handlePending() {
        while let frames = try? socket.receive(dontWait: true) {
            let reply = answer(frames)
            try? socket.send(reply)
        }
    }

    /// One request: [version, request id, domain, address, identity, mechanism, credentials...].
    func answer(_ frames: [Data]) -> [Data] {
        let version = frames.first ?? Data()
        let requestID = frames.count > 1 ? frames[1] : Data()
        func reply(_ code: String, _ text: String) -> [Data] {
            [version, requestID, Data(code.utf8), Data(text.utf8), Data(), Data()]
        }
        guard frames.count >= 6, String(decoding: frames[0], as: UTF8.self) == "1.0" else {
            refused += 1
            onRefusal("a malformed ZAP request")
            return reply("500", "malformed ZAP request")
        }
        let mechanism = String(decoding: frames[5], as: UTF8.self)
        let address = String(decoding: frames[3], as: UTF8.self)
        // Endpoints bound before the CURVE options (the ipc ones) have no ZAP domain; some libzmq
        // versions still ask about their NULL handshakes. The run directory's mode guards those.
        if mechanism == "NULL", frames[2].isEmpty { return reply("200", "OK") }
        guard mechanism == "CURVE", frames.count >= 7 else {
            refused += 1
            onRefusal("\(mechanism) from \(address): only CURVE is accepted")
            return reply("400", "only CURVE is accepted")
        }
        guard allowed.contains(Array(frames[6])) else {
            refused += 1
            onRefusal("a CURVE key not on the allow-list from \(address)")
            return reply("400", "key not allowed")
        }
        accepted += 1
        return reply("200", "OK")
    }
}

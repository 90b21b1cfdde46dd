import Foundation
import MapWireBus

/// `mapwire up`'s own ipc endpoint, `<run-dir>/supervisor` (a REP socket): how `mapwire send
/// restart-plugin ROLE` reaches the supervisor without going through the core (PROTOCOL.md 11).
/// One text frame each way: `restart-plugin ROLE`, then `ok <what happened>` or `error <why>`.
/// Not Sendable: `up`'s loop thread owns it and reads it without blocking.
final class SupervisorSocket {
    static func endpoint(_ directory: RunDirectory) -> String { "ipc://\(directory.path)/supervisor" }

    private let socket: ZMQSocket
    private let path: String

    init(directory: RunDirectory) throws {
        socket = try ZMQSocket(type: .rep)
        try socket.bind(Self.endpoint(directory))
        path = directory.path + "/supervisor"
    }

    deinit {
        socket.close()
        unlink(path)
    }

    /// Answers what is queued; `restart` gets a role and returns the reply's text, or throws the refusal.
    func handlePending(restart: (String) throws -> String) {
        while let frames = try? socket.receive(dontWait: true) {
            let words = String(decoding: frames.first ?? Data(), as: UTF8.self).split(separator: " ", maxSplits: 1).map(String.init)
            let reply: String
            if words.count == 2, words[0] == "restart-plugin" {
                do { reply = "ok " + (try restart(words[1])) } catch { reply = "error \(error)" }
            } else {
                reply = "error unknown request (expected: restart-plugin ROLE)"
            }
            try? socket.send([Data(reply.utf8)])
        }
    }

    /// The client side: sends `restart-plugin ROLE` and returns the reply, nil when no `up` answers.
    static func requestRestart(role: String, directory: RunDirectory, timeoutMilliseconds: Int32 = 15_000) throws -> String? {
        let endpoint = endpoint(directory)
        try IPCEndpointCheck.verify(endpoint)
        // No socket file: no up has run here (a stale one, from an up that died, times out below).
        guard access(directory.path + "/supervisor", F_OK) == 0 else { return nil }
        let context = ZMQContext()
        defer { context.shutdown() }
        let socket = try ZMQSocket(context, type: .req)
        defer { socket.close() }
        try socket.setReceiveTimeout(milliseconds: timeoutMilliseconds)
        try socket.connect(endpoint)
        try socket.send([Data("restart-plugin \(role)".utf8)])
        return try socket.receive().flatMap { $0.first }.map { String(decoding: $0, as: UTF8.self) }
    }
}

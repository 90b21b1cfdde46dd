import Foundation
import MapWireCore
import MapWireCoreBench
import MapWireProtocol
import MapWireSession
import MapWireTesting

/// The benchmark commands around a session on a hand clock, wired as `CoreServer` wires its extension:
/// each command goes to the extension first, its requests are stepped into the session after the outputs,
/// and their outcomes come back to it. No sockets, no processes.
final class BenchShell: CoreShell {
    let harness: SessionHarness
    let bench = BenchCommands()
    /// What the extension sent, and published, in order.
    private(set) var replies: [(to: Data, message: Mapwire_V1_ControlMessage)] = []
    private(set) var published: [(payload: EventPayload, sequence: UInt64, causationID: UInt64, benchmark: Bool)] = []
    private var submitted: [ShellRequest] = []
    private var heard = 0
    private var nextCommandID: UInt64 = 1000

    init(_ harness: SessionHarness = SessionHarness()) {
        self.harness = harness
        harness.afterStep = { [unowned self] in self.afterStep() }
    }

    var mapID: String { "test-map" }
    var session: CoreSession { harness.session }
    func submit(_ requests: [ShellRequest]) { submitted += requests }
    func publish(_ payload: EventPayload, sequence: UInt64, causationID: UInt64, benchmark: Bool) {
        published.append((payload, sequence, causationID, benchmark))
    }
    func reply(_ message: Mapwire_V1_ControlMessage, to identity: Data) { replies.append((identity, message)) }

    /// Sends a command as a client would: the extension takes its own, the session the rest. Returns the
    /// extension's reply (nil until it comes).
    @discardableResult
    func command(_ kind: Mapwire_V1_Command.OneOf_Kind, from client: Data) -> Mapwire_V1_CommandReply? {
        nextCommandID += 1
        let id = nextCommandID
        let bytes = ControlCodec.encode(.with { $0.command = .with { $0.id = id; $0.kind = kind } })
        if bench.take(IncomingControl(bytes), from: client) {
            afterStep()
        } else {
            harness.step(.message(from: client, bytes: bytes))
        }
        return reply(to: id, for: client)
    }

    func reply(to id: UInt64, for client: Data) -> Mapwire_V1_CommandReply? {
        replies.lazy.filter { $0.to == client }.compactMap { entry -> Mapwire_V1_CommandReply? in
            if case .commandReply(let r) = entry.message.body, r.id == id { r } else { nil }
        }.first
    }

    /// The last reply the extension sent to `client`.
    func lastReply(for client: Data) -> Mapwire_V1_CommandReply? {
        guard case .commandReply(let r) = replies.last(where: { $0.to == client })?.message.body else { return nil }
        return r
    }

    /// What CoreServer does after each batch of outputs: outcomes to the extension, the extension runs, its
    /// requests go into the session.
    private func afterStep() {
        for finished in harness.finishedRequests[heard...] { bench.finished(finished) }
        heard = harness.finishedRequests.count
        bench.run(self)
        guard !submitted.isEmpty else { return }
        let requests = submitted
        submitted = []
        harness.step(.requests(requests))
    }
}

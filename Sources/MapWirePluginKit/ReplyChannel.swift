import Foundation
import MapWireBus
import MapWireProtocol
import Synchronization

/// Where an asynchronous request handler's replies go (`PluginRunner.runAsync`): `send` may be called
/// from any thread, any number of times, in any order. Replies wait in a queue; a wakeup over an
/// inproc PAIR socket tells the runner's loop to drain it onto its DEALER.
///
/// Two locks: the queue's, held only to append or take replies, and the PAIR socket's (libzmq sockets
/// are not thread-safe, and the lock is also the full memory barrier libzmq asks for when a socket moves
/// between threads). The runner's drain never waits for a wakeup being sent: with one lock for both,
/// the loader's runner spent 7 % of its samples spinning for it (perf, `mapwire bench` scale section).
/// `send` never blocks (the wakeup is sent with `dontWait`), so it is safe on the cooperative pool.
public final class ReplyChannel: Sendable {
    private struct Queue {
        var pending: [Data] = []
        var closed = false
        /// The runner is handing requests to the handler and drains the queue right after: replies sent
        /// meanwhile (a small file answered at once) need no wakeup.
        var runnerDrainsNext = false
    }

    private let queue = Mutex(Queue())
    private let wakeup: Mutex<ZMQSocket?>
    let endpoint: String

    /// Connects to `endpoint`, which the runner has bound (a PAIR socket of the shared context).
    init(endpoint: String) throws {
        let socket = try ZMQSocket(type: .pair)
        try socket.connect(endpoint)
        self.endpoint = endpoint
        wakeup = Mutex(socket)
    }

    /// Hands a reply to the runner. After the runner has stopped, replies are dropped.
    public func send(_ reply: Mapwire_V1_PluginReply) {
        enqueue(ControlCodec.encode(.with { $0.reply = reply }))
    }

    /// Tells the core that work on request `id` goes on (RequestProgress, PROTOCOL.md 7.4): a load waiting
    /// on a slow server is then busy, not hung. Any thread; dropped after the runner stopped.
    public func progress(_ id: UInt64, bytesReceived: Int) {
        enqueue(ControlCodec.encode(.with { $0.progress = .with { $0.requestID = id; $0.bytesReceived = UInt64(max(0, bytesReceived)) } }))
    }

    private func enqueue(_ bytes: Data) {
        let first = queue.withLock { queue in
            guard !queue.closed else { return false }
            queue.pending.append(bytes)
            return queue.pending.count == 1 && !queue.runnerDrainsNext
        }
        // One pending wakeup is enough: only the reply that found the queue empty sends one (a full
        // pipe, EAGAIN, already has some).
        guard first else { return }
        wakeup.withLock { socket in _ = try? socket?.send([Data()], dontWait: true) }
    }

    /// The replies sent since the last call (the runner's loop thread).
    func drain() -> [Data] {
        queue.withLock { queue in
            defer { queue.pending.removeAll(keepingCapacity: true) }
            return queue.pending
        }
    }

    /// The runner's loop thread: it is about to hand requests to the handler and will `drainAfterHandling`
    /// when done, so replies until then are sent without a wakeup (each one is an eventfd write here and a
    /// poll and a read in the runner: most of a small request's time in the loader).
    func handlingBegins() {
        queue.withLock { $0.runnerDrainsNext = true }
    }

    /// The replies sent while the runner handled requests (and any others waiting); wakeups are on again.
    func drainAfterHandling() -> [Data] {
        queue.withLock { queue in
            queue.runnerDrainsNext = false
            defer { queue.pending.removeAll(keepingCapacity: true) }
            return queue.pending
        }
    }

    /// Closes the wakeup socket; later `send`s are dropped.
    func close() {
        queue.withLock { queue in
            queue.closed = true
            queue.pending.removeAll()
        }
        wakeup.withLock { socket in
            socket?.close()
            socket = nil
        }
    }
}

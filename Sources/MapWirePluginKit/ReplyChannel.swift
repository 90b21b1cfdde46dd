import Foundation
import MapWireBus
import MapWireProtocol
import Synchronization

/// Where an asynchronous request handler's replies go (`PluginRunner.runAsync`): `send` may be called
/// from any thread, any number of times, in any order. Replies wait in a queue; a wakeup over an
/// inproc PAIR socket tells the runner's loop to drain it onto its DEALER.
///
/// The PAIR socket is only ever used under the mutex: libzmq sockets are not thread-safe, and the lock
/// is also the full memory barrier libzmq asks for when a socket moves between threads. `send` never
/// blocks (the wakeup is sent with `dontWait`), so it is safe on the cooperative pool.
public final class ReplyChannel: Sendable {
    private struct State {
        var pending: [Data] = []
        var wakeup: ZMQSocket?
    }

    private let state: Mutex<State>
    let endpoint: String

    /// Connects to `endpoint`, which the runner has bound (a PAIR socket of the shared context).
    init(endpoint: String) throws {
        let socket = try ZMQSocket(type: .pair)
        try socket.connect(endpoint)
        self.endpoint = endpoint
        state = Mutex(State(wakeup: socket))
    }

    /// Hands a reply to the runner. After the runner has stopped, replies are dropped.
    public func send(_ reply: Mapwire_V1_PluginReply) {
        let bytes = ControlCodec.encode(.with { $0.reply = reply })
        state.withLock { state in
            guard let socket = state.wakeup else { return }
            state.pending.append(bytes)
            // One pending wakeup is enough: a full pipe (EAGAIN) already has some.
            if state.pending.count == 1 { try? socket.send([Data()], dontWait: true) }
        }
    }

    /// The replies sent since the last call (the runner's loop thread).
    func drain() -> [Data] {
        state.withLock { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
    }

    /// Closes the wakeup socket; later `send`s are dropped.
    func close() {
        state.withLock { state in
            state.wakeup?.close()
            state.wakeup = nil
            state.pending.removeAll()
        }
    }
}

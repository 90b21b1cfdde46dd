import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol
import Synchronization

/// Many commands in flight to one core from async code: a dedicated thread owns the DEALER socket
/// (blocking zmq_poll never runs on the cooperative pool), sends what callers queue, and hands each
/// reply to the caller waiting for its command id.
public final class CoreBridge: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case timeout(Int)
        case stopped
        case transport(String)

        public var description: String {
            switch self {
            case .timeout(let ms): "the core did not answer within \(ms) ms"
            case .stopped: "the server is stopping"
            case .transport(let why): "cannot reach the core: \(why)"
            }
        }
    }

    private struct Waiter {
        let continuation: CheckedContinuation<Mapwire_V1_CommandReply, any Error>
        let deadlineMillis: Int64
        let timeoutMillis: Int
    }

    private struct State {
        var outgoing: [Data] = []
        var waiting: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 1
        var stopped = false
    }

    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)
    let endpoint: String

    /// Starts the thread that connects to the core's control endpoint.
    public init(endpoint: String) {
        self.endpoint = endpoint
        let thread = Thread { [self] in
            defer { finished.signal() }
            run()
        }
        thread.name = "mapwire-serve-bridge"
        thread.start()
    }

    /// Sends a command and waits for its reply (ok or not).
    public func send(_ kind: Mapwire_V1_Command.OneOf_Kind, timeoutMilliseconds: Int) async throws -> Mapwire_V1_CommandReply {
        try await withCheckedThrowingContinuation { continuation in
            let refused: Bool = state.withLock { s in
                guard !s.stopped else { return true }
                let id = s.nextID
                s.nextID += 1
                s.outgoing.append(ControlCodec.encode(.with { $0.command = .with { $0.id = id; $0.kind = kind } }))
                s.waiting[id] = Waiter(continuation: continuation, deadlineMillis: monotonicMillis() + Int64(timeoutMilliseconds),
                                       timeoutMillis: timeoutMilliseconds)
                return false
            }
            if refused { continuation.resume(throwing: Failure.stopped) }
        }
    }

    /// Fails every waiting command and ends the thread.
    public func stop() {
        let waiting = state.withLock { s in
            s.stopped = true
            defer { s.waiting = [:] }
            return s.waiting
        }
        for waiter in waiting.values { waiter.continuation.resume(throwing: Failure.stopped) }
        _ = finished.wait(timeout: .now() + 2)
    }

    private func run() {
        let socket: ZMQSocket
        do {
            socket = try ZMQSocket(type: .dealer)
            try socket.setLinger(milliseconds: 0)
            try socket.connect(endpoint)
        } catch {
            return failAll(.transport("\(error)"))
        }
        defer { socket.close() }
        var poller = ZMQPoller([socket])
        while true {
            let (outgoing, stopped) = state.withLock { s in
                defer { s.outgoing = [] }
                return (s.outgoing, s.stopped)
            }
            if stopped { return }
            for frame in outgoing { try? socket.send([frame]) }
            // A short poll: new commands from callers are picked up within a few ms.
            if let ready = try? poller.poll(timeoutMilliseconds: 2), ready[0] {
                while let frames = try? socket.receive(dontWait: true), let frame = frames.last {
                    deliver(frame)
                }
            }
            expire(now: monotonicMillis())
        }
    }

    private func deliver(_ frame: Data) {
        guard let message = try? ControlCodec.decode(frame) else { return }
        switch message.body {
        case .commandReply(let reply):
            let waiter = state.withLock { $0.waiting.removeValue(forKey: reply.id) }
            waiter?.continuation.resume(returning: reply)
        case .error(let error) where error.inReplyTo != 0:
            let waiter = state.withLock { $0.waiting.removeValue(forKey: error.inReplyTo) }
            waiter?.continuation.resume(throwing: Failure.transport(error.message))
        default:
            return
        }
    }

    private func expire(now: Int64) {
        let late: [Waiter] = state.withLock { s in
            let ids = s.waiting.filter { $0.value.deadlineMillis <= now }.map(\.key)
            return ids.compactMap { s.waiting.removeValue(forKey: $0) }
        }
        for waiter in late { waiter.continuation.resume(throwing: Failure.timeout(waiter.timeoutMillis)) }
    }

    private func failAll(_ failure: Failure) {
        let waiting = state.withLock { s in
            s.stopped = true
            defer { s.waiting = [:] }
            return s.waiting
        }
        for waiter in waiting.values { waiter.continuation.resume(throwing: failure) }
    }
}

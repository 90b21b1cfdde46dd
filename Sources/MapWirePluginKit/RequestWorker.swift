import Foundation
import Logging
import MapWireBus
import MapWireProtocol
import Synchronization

/// Runs a plugin's request handler on a dedicated thread, one request at a time in arrival order, so
/// the PluginRunner's loop keeps heartbeating while a long request (a frame, a slow load) is worked
/// on. Finished replies come back over an inproc PAIR socket the runner polls next to its DEALER.
///
/// A stuck handler is then no longer seen through heartbeats (the loop still beats) but through the
/// core's per-attempt deadline, which sends the request to another plugin of the role.
///
/// A reply socket that cannot be made or sent on ends the worker with `failure` set: a plugin whose
/// replies go nowhere would go on heartbeating and never answer (a renderer that never draws), so the
/// runner leaves instead and the supervisor starts a fresh process.
final class RequestWorker: Sendable {
    /// The handler, handed to the worker thread.
    /// `@unchecked Sendable`: after `start` only the worker thread calls it; the runner never does.
    private final class HandlerBox: @unchecked Sendable {
        let handler: PluginRunner.Handler
        init(_ handler: @escaping PluginRunner.Handler) { self.handler = handler }
    }

    private struct State {
        var requests: [Mapwire_V1_PluginRequest] = []
        var stopped = false
        var failure: ZMQError?
    }

    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let context: ZMQContext
    private let logger: Logger
    let endpoint = "inproc://mapwire-request-worker-\(UUID().uuidString)"

    /// `context` must be the one the runner's PAIR socket at `endpoint` lives in (inproc connects only
    /// within a context).
    init(context: ZMQContext = .shared, logger: Logger = Logger(label: "mapwire-request-worker")) {
        self.context = context
        self.logger = logger
    }

    /// Why the worker ended before it was stopped, if it did: its reply socket failed.
    var failure: ZMQError? { state.withLock { $0.failure } }

    /// Starts the thread; the runner must have bound `endpoint` (a PAIR socket) first.
    func start(handler: @escaping PluginRunner.Handler) {
        let box = HandlerBox(handler)
        let thread = Thread { [self] in
            defer { finished.signal() }
            do throws(ZMQError) {
                // The socket is made, used and closed on this thread only.
                let socket = try ZMQSocket(context, type: .pair)
                defer { socket.close() }
                try socket.connect(endpoint)
                while let request = next() {
                    guard let reply = box.handler(request) else { continue }
                    try socket.send([ControlCodec.encode(.with { $0.reply = reply })])
                }
            } catch {
                logger.error("the request worker's reply socket failed (\(error)): no reply can reach the core")
                state.withLock { $0.failure = error }
            }
        }
        thread.name = "mapwire-request-worker"
        thread.start()
    }

    /// Queues a request for the thread; throws the failure that ended the worker, if one did, since a
    /// request queued then would never be answered.
    func submit(_ request: Mapwire_V1_PluginRequest) throws(ZMQError) {
        try state.withLock { (state: inout State) throws(ZMQError) in
            if let failure = state.failure { throw failure }
            state.requests.append(request)
        }
        wakeUp.signal()
    }

    /// Lets the thread finish the request in hand, then waits (at most `timeout` s) for it to end.
    func stop(timeout: TimeInterval = 5) {
        state.withLock { $0.stopped = true }
        wakeUp.signal()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func next() -> Mapwire_V1_PluginRequest? {
        while true {
            let item: Mapwire_V1_PluginRequest?? = state.withLock { state in
                if state.stopped { return .some(nil) }
                return state.requests.isEmpty ? nil : .some(state.requests.removeFirst())
            }
            if let item { return item }
            wakeUp.wait()
        }
    }
}

import Foundation
import MapWireBus
import MapWireProtocol
import Synchronization

/// Runs a plugin's request handler on a dedicated thread, one request at a time in arrival order, so
/// the PluginRunner's loop keeps heartbeating while a long request (a frame, a slow load) is worked
/// on. Finished replies come back over an inproc PAIR socket the runner polls next to its DEALER.
///
/// A stuck handler is then no longer seen through heartbeats (the loop still beats) but through the
/// core's per-attempt deadline, which sends the request to another plugin of the role.
final class RequestWorker: Sendable {
    /// The handler, handed to the worker thread.
    /// `@unchecked Sendable`: after `start` only the worker thread calls it; the runner never does.
    private final class HandlerBox: @unchecked Sendable {
        let handler: PluginRunner.Handler
        init(_ handler: @escaping PluginRunner.Handler) { self.handler = handler }
    }

    private let queue = Mutex<(requests: [Mapwire_V1_PluginRequest], stopped: Bool)>(([], false))
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    let endpoint = "inproc://mapwire-request-worker-\(UUID().uuidString)"

    /// Starts the thread; the runner must have bound `endpoint` (a PAIR socket) first.
    func start(handler: @escaping PluginRunner.Handler) {
        let box = HandlerBox(handler)
        let thread = Thread { [self] in
            defer { finished.signal() }
            // The socket is made, used and closed on this thread only.
            guard let socket = try? ZMQSocket(type: .pair), (try? socket.connect(endpoint)) != nil else { return }
            defer { socket.close() }
            while let request = next() {
                guard let reply = box.handler(request) else { continue }
                let bytes = ControlCodec.encode(.with { $0.reply = reply })
                try? socket.send([bytes])
            }
        }
        thread.name = "mapwire-request-worker"
        thread.start()
    }

    func submit(_ request: Mapwire_V1_PluginRequest) {
        queue.withLock { $0.requests.append(request) }
        wakeUp.signal()
    }

    /// Lets the thread finish the request in hand, then waits (at most `timeout` s) for it to end.
    func stop(timeout: TimeInterval = 5) {
        queue.withLock { $0.stopped = true }
        wakeUp.signal()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func next() -> Mapwire_V1_PluginRequest? {
        while true {
            let item: Mapwire_V1_PluginRequest?? = queue.withLock { state in
                if state.stopped { return .some(nil) }
                return state.requests.isEmpty ? nil : .some(state.requests.removeFirst())
            }
            if let item { return item }
            wakeUp.wait()
        }
    }
}

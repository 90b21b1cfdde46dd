import Foundation
import MapWireProtocol
import MapWireSession

/// Decodes large control messages and parses large styles off the loop thread: a 50 MB style takes seconds
/// to decode and parse, and the loop must go on answering pings and publishing meanwhile. Jobs run on GCD's
/// own threads (not the cooperative pool: a parse blocks for seconds); the loop collects results with
/// `takeFinished()`.
final class StyleParser: @unchecked Sendable {
    // Safe: `finished`, `running` and `newest` are only touched while holding `lock`.
    private let lock = NSLock()
    private var finished: [SessionInput] = []
    private var running = 0
    private var newest: UInt64 = 0
    /// Concurrent, so a newer style does not wait behind a superseded one's parse.
    private let queue = DispatchQueue(label: "mapwire-core.style-parse", qos: .userInitiated, attributes: .concurrent)

    func start(_ job: StyleParseJob) {
        lock.withLock {
            running += 1
            newest = max(newest, job.id)
        }
        queue.async { [self] in
            // A job superseded before it began is not worth parsing: the session would drop its result.
            let superseded = lock.withLock { job.id < newest }
            let result = superseded ? nil : job.run()
            lock.withLock {
                running -= 1
                if let result { finished.append(result) }
            }
        }
    }

    /// Decodes a large control message; its input comes back through `takeFinished()` (after messages that
    /// arrived later, which is why only large ones come here).
    func decode(_ body: Data, from identity: Data) {
        lock.withLock { running += 1 }
        queue.async { [self] in
            let input = SessionInput.control(from: identity, IncomingControl(body), bytes: body.count)
            lock.withLock {
                running -= 1
                finished.append(input)
            }
        }
    }

    /// Whether a parse is under way (the loop then wakes often to collect it).
    var isBusy: Bool { lock.withLock { running > 0 || !finished.isEmpty } }

    /// Results since the last call, in the order they finished.
    func takeFinished() -> [SessionInput] {
        lock.withLock {
            defer { finished = [] }
            return finished
        }
    }
}

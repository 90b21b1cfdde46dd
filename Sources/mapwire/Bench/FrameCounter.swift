import Foundation
import MapWireClient
import MapWireProcess
import Synchronization

/// Counts the map's own frames (render-frame-finished on a core's event bus) while a load runs: a
/// server's views should not make the map draw (README.md, "Serving tiles"). A thread of its
/// own polls the subscriber.
final class FrameCounter: Sendable {
    private let count = Atomic<Int>(0)
    private let stop = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    init(eventsEndpoint: String) throws {
        let subscriber = try EventSubscriber(endpoint: eventsEndpoint, prefixes: ["render-frame-finished"])
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 5000)
        let box = SubscriberBox(subscriber)
        let thread = Thread { [self] in
            defer { finished.signal() }
            while !stop.isStopped {
                if case .event? = try? box.subscriber.next(timeoutMilliseconds: 50) { count.add(1, ordering: .relaxed) }
            }
        }
        thread.name = "mapwire-bench-frames"
        thread.start()
    }

    /// Stops counting (after a moment for the last events) and gives the count.
    func finish() -> Int {
        usleep(300_000)
        stop.stop()
        finished.wait()
        return count.load(ordering: .relaxed)
    }

    /// The subscriber, handed to the counting thread and used only there afterwards.
    private final class SubscriberBox: @unchecked Sendable {
        // @unchecked Sendable: made on the caller's thread, then touched only by the counting thread.
        let subscriber: EventSubscriber
        init(_ subscriber: EventSubscriber) { self.subscriber = subscriber }
    }
}

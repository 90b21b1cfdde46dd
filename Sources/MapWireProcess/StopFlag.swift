import Synchronization

/// Set once from any thread (a signal handler) to ask a blocking loop to finish.
public final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func stop() { flag.store(true, ordering: .releasing) }

    public var isStopped: Bool { flag.load(ordering: .acquiring) }
}

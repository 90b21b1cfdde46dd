import Foundation

/// A value shared between a benchmark's threads.
///
/// `@unchecked Sendable`: the value is only read or written while `lock` is held.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func update<T>(_ change: (inout Value) -> T) -> T { lock.withLock { change(&value) } }
}

/// Dedicated threads for blocking zmq loops (never the cooperative pool), joined with `wait`.
enum BenchThreads {
    /// Starts `body` on a new thread; the returned semaphore is signalled when it ends.
    static func start(_ name: String, _ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.name = name
        thread.start()
        return done
    }

    /// Nanoseconds on the monotonic clock, comparable across threads.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// Medians and percentiles of a sample.
struct Percentiles {
    let sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    func at(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[index]
    }

    var median: Double { at(0.5) }
}

import Dispatch
import Testing

/// Runs an async test's jobs on threads of its own instead of Swift's cooperative pool.
///
/// Most end-to-end tests are synchronous: while their processes run they block the pool thread that
/// called them (`waitUntil`, `zmq_poll`). On a 2-core machine the pool has two threads, so in a full
/// `swift test` an async test (WebSocket clients, HTTP bursts, Chromium) could wait tens of seconds for a
/// thread to resume on. With this trait its jobs go to a dispatch queue that is not the pool, so they
/// run whatever the synchronous tests are doing.
struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(Self.executor, operation: function)
    }

    /// One executor for every such test; unstructured tasks made in a test (`Task {}` does not inherit
    /// the preference) pass it as `Task(executorPreference: OwnThreads.executor)`.
    static let executor = DispatchTaskExecutor()
}

extension Trait where Self == OwnThreads {
    /// Run this suite's or test's async code off the cooperative pool (see `OwnThreads`).
    static var ownThreads: Self { OwnThreads() }
}

/// A task executor on a concurrent dispatch queue: a queue that is not the cooperative pool and can
/// start more threads when its jobs block.
final class DispatchTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "end-to-end-async-tests", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

import Dispatch

/// Where the HTTP loader's tasks run: a concurrent dispatch queue of its own instead of the
/// cooperative pool. The cache's SQLite calls block (briefly, and longer when another process holds
/// the file), and a blocked pool thread would hold up every other task of the process; on a queue of
/// its own the loader neither waits for nor delays anyone else's tasks.
public final class LoaderExecutor: TaskExecutor {
    public static let shared = LoaderExecutor()

    private let queue = DispatchQueue(label: "mapwire-loader-http", attributes: .concurrent)

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

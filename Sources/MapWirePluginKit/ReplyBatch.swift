/// When a plugin sends the wire replies it holds back while more requests wait (PluginRunner): once
/// `limit` are held, or once the batch has run `budgetNanos`. Held longer, the replies of slow requests
/// (a loader inflating tiles, ~190 µs each) came to the core 16 at a time, and the loader sat idle while
/// the core turned them into its next requests (BENCHMARKS.md, "The loader's requests"). Cheap
/// requests still go out many to one wakeup of libzmq's I/O thread. A pure step: time passed in.
struct ReplyBatch {
    static let limit = 64
    static let budgetNanos: UInt64 = 100_000
    private var startedAt: UInt64

    /// A batch that begins at `now` (monotonic nanoseconds).
    init(at now: UInt64) { startedAt = now }

    /// After one request was handled at `now`: whether the `held` replies are to be sent now.
    func isDue(holding held: Int, at now: UInt64) -> Bool {
        held > 0 && (held >= Self.limit || now &- startedAt >= Self.budgetNanos)
    }

    /// The replies were sent at `now`: the next batch begins.
    mutating func restart(at now: UInt64) { startedAt = now }
}

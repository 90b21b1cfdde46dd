/// When a supervised child that ended starts again: a pure step function (the time in, a decision
/// out), so every rule is testable without processes or clocks.
///
/// Within the budget (`maxRestarts` within `windowMillis`) the wait doubles from `baseMillis` up to
/// `capMillis`. A spent budget is not the end: the first time it is spent the decision says so (the
/// supervisor reports a give-up: an event and a log line), and the child is still started again,
/// the wait doubling from `capMillis` up to `retryCapMillis`. A child that then stays up a whole
/// window starts a fresh streak.
public struct RestartSchedule: Sendable, Equatable {
    public var maxRestarts: Int
    public var windowMillis: Int64
    public var baseMillis: Int64
    public var capMillis: Int64
    public var retryCapMillis: Int64

    public init(maxRestarts: Int = 5, windowMillis: Int64 = 10_000, baseMillis: Int64 = 100,
                capMillis: Int64? = nil, retryCapMillis: Int64 = 30_000) {
        self.maxRestarts = maxRestarts
        self.windowMillis = windowMillis
        self.baseMillis = baseMillis
        self.capMillis = capMillis ?? 20 * baseMillis
        self.retryCapMillis = max(retryCapMillis, self.capMillis)
    }

    /// What the schedule remembers of one process slot (one entry of the supervised list: two loaders
    /// are two slots, each with its own budget).
    public struct Slot: Sendable, Equatable {
        /// When the restarts of the current window were decided.
        var restartTimes: [Int64] = []
        var lastStartMillis: Int64?
        var budgetSpent = false
        var retriesPastBudget = 0

        public init() {}
    }

    public struct Decision: Sendable, Equatable {
        /// When to start the child again.
        public var restartAtMillis: Int64
        /// Restarts within the window before this one.
        public var recentRestarts: Int
        /// The budget has just been spent: report the give-up (once per streak).
        public var gaveUp: Bool
    }

    /// The child of `slot` ended at `nowMillis`.
    public func childEnded(_ slot: inout Slot, atMillis nowMillis: Int64) -> Decision {
        if let started = slot.lastStartMillis, nowMillis - started >= windowMillis { slot = Slot() }
        slot.restartTimes.removeAll { nowMillis - $0 >= windowMillis }
        let recent = slot.restartTimes.count
        var gaveUp = false
        let wait: Int64
        if !slot.budgetSpent, recent < maxRestarts {
            wait = doubling(from: baseMillis, times: recent, cap: capMillis)
        } else {
            gaveUp = !slot.budgetSpent
            slot.budgetSpent = true
            wait = doubling(from: capMillis, times: slot.retriesPastBudget, cap: retryCapMillis)
            slot.retriesPastBudget += 1
        }
        slot.restartTimes.append(nowMillis)
        slot.lastStartMillis = nowMillis + wait
        return Decision(restartAtMillis: nowMillis + wait, recentRestarts: recent, gaveUp: gaveUp)
    }

    private func doubling(from start: Int64, times: Int, cap: Int64) -> Int64 {
        var value = max(0, start)
        for _ in 0..<times where value < cap { value *= 2 }
        return min(value, cap)
    }
}

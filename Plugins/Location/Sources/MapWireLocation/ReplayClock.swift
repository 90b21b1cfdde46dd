import Foundation

/// Timing for replaying recorded fixes: how long to wait before each one.
///
/// Why separate from any sender: the schedule is pure arithmetic and can be tested without
/// sleeping; the process that publishes fixes just sleeps `delays[i]` before fix `i`.
public struct ReplayClock: Sendable {
    /// 2 plays twice as fast as recorded, 0.5 half as fast.
    public var speedFactor: Double
    /// Recorded seconds between fixes when either lacks a timestamp (untimed GPX routes).
    public var untimedInterval: TimeInterval

    public init(speedFactor: Double = 1, untimedInterval: TimeInterval = 1) {
        precondition(speedFactor > 0 && speedFactor.isFinite, "speed factor must be positive")
        precondition(untimedInterval >= 0, "untimed interval must not be negative")
        self.speedFactor = speedFactor
        self.untimedInterval = untimedInterval
    }

    /// One delay per fix, in wall-clock seconds; the first is 0 (play immediately).
    ///
    /// Time going backwards (merged or corrupt logs) gives 0 rather than a negative wait, so
    /// the replay stays in file order instead of stalling or reordering.
    public func delays(for fixes: [LocationFix]) -> [TimeInterval] {
        guard !fixes.isEmpty else { return [] }
        var out: [TimeInterval] = [0]
        for (previous, next) in zip(fixes, fixes.dropFirst()) {
            let recorded: TimeInterval
            if let a = previous.timestamp, let b = next.timestamp {
                recorded = max(0, b.timeIntervalSince(a))
            } else {
                recorded = untimedInterval
            }
            out.append(recorded / speedFactor)
        }
        return out
    }
}

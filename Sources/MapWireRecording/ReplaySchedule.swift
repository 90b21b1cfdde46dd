/// When replay publishes each recorded event: the recorded gaps between publish times divided by the
/// speed, never going back in time (a pure function, tested without clocks).
public enum ReplaySchedule {
    /// Nanoseconds after the replay's start at which each event is due.
    public static func offsets(publishTimes: [UInt64], speed: Double) -> [UInt64] {
        guard let first = publishTimes.first, speed > 0 else { return publishTimes.map { _ in 0 } }
        var latest = first
        return publishTimes.map { t in
            latest = max(latest, t)
            let offset = Double(latest - first) / speed
            return offset >= Double(UInt64.max) ? UInt64.max : UInt64(offset)
        }
    }
}

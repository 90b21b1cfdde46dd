/// How long the loader waits on a server that answers slowly, so that a stalled server is a failure
/// the core retries (a `connection` error, PROTOCOL.md 7.8) rather than a request the core gives up on
/// for want of any answer (7.4), with the loader that waited counted as unresponsive.
///
/// - The response's headers: at most the loader's `--http-timeout-ms`, and no longer than the core's
///   attempt leaves (its `deadline_unix_nanos`), less a tenth of that (at least 200 ms) for the answer's
///   way back. An attempt already (nearly) over when the fetch starts, after waiting for one of the
///   loader's slots, gets the loader's own limit: the core has sent the request again by then, and the
///   first answer to any of its attempts serves it.
/// - The body: `StallRule`, at least `minimumBytes` every `windowMilliseconds`.
public enum ResponseTimeouts {
    /// Milliseconds to wait for the headers of a fetch starting at `nowUnixNanos`.
    public static func headerWait(timeoutMilliseconds: Int, attemptDeadlineUnixNanos: Int64, nowUnixNanos: Int64) -> Int {
        guard attemptDeadlineUnixNanos > 0 else { return timeoutMilliseconds }
        let remaining = (attemptDeadlineUnixNanos - nowUnixNanos) / 1_000_000
        let wait = remaining - max(200, remaining / 10)
        guard wait >= 500 else { return timeoutMilliseconds }
        return Int(min(Int64(timeoutMilliseconds), wait))
    }
}

/// A body must bring at least `minimumBytes` in every `windowMilliseconds` (curl's low-speed limit):
/// a server that stops, or drips a byte a second, fails the fetch instead of holding it for ever.
public struct StallRule: Sendable, Equatable {
    public var windowMilliseconds: Int
    public var minimumBytes: Int

    public init(windowMilliseconds: Int = 5_000, minimumBytes: Int = 1_024) {
        self.windowMilliseconds = windowMilliseconds
        self.minimumBytes = minimumBytes
    }
}

/// No response headers came within the wait (`ResponseTimeouts.headerWait`).
struct NoResponseHeaders: Error, CustomStringConvertible {
    let waitedMilliseconds: Int
    var description: String { "the server sent no response headers within \(waitedMilliseconds) ms" }
}

/// The body stopped coming, or came slower than the `StallRule`.
struct BodyStalled: Error, CustomStringConvertible, Equatable {
    let received: Int
    let expected: Int?
    let rule: StallRule
    let inLastWindow: Int

    var description: String {
        let of = expected.map { " of \($0)" } ?? ""
        return "the response stalled: \(inLastWindow) bytes in \(rule.windowMilliseconds) ms (at least \(rule.minimumBytes) expected), \(received)\(of) bytes received"
    }
}

/// The watchdog of a body being read, as a step function: woken every `nextWakeMilliseconds`, it says
/// whether the body stalled (less than the `StallRule` in its window) or grew since the last report
/// (reported to the core as RequestProgress, so a slow but working server keeps the load busy, not hung).
struct BodyWatch {
    enum Step: Equatable {
        case nothing
        case progress(Int)
        case stalled(BodyStalled)
    }

    let stall: StallRule
    /// The body's declared length, for the stall's message.
    let expected: Int?
    /// nil: no progress reported; else at most this often.
    let progressIntervalMilliseconds: Int?
    private var elapsedInWindow = 0
    private var atWindowStart = 0
    private var reported = 0

    init(stall: StallRule, expected: Int? = nil, progressIntervalMilliseconds: Int?) {
        self.stall = stall
        self.expected = expected
        self.progressIntervalMilliseconds = progressIntervalMilliseconds
    }

    /// How long to sleep before the next `step`.
    var nextWakeMilliseconds: Int {
        let toWindowEnd = stall.windowMilliseconds - elapsedInWindow
        guard let interval = progressIntervalMilliseconds else { return toWindowEnd }
        return max(1, min(interval, toWindowEnd))
    }

    /// The watchdog woke after `nextWakeMilliseconds` with `received` bytes read so far.
    mutating func step(received: Int) -> Step {
        elapsedInWindow += nextWakeMilliseconds
        if elapsedInWindow >= stall.windowMilliseconds {
            let inWindow = received - atWindowStart
            if inWindow < stall.minimumBytes {
                return .stalled(BodyStalled(received: received, expected: expected, rule: stall, inLastWindow: inWindow))
            }
            elapsedInWindow = 0
            atWindowStart = received
        }
        guard progressIntervalMilliseconds != nil, received > reported else { return .nothing }
        reported = received
        return .progress(received)
    }
}

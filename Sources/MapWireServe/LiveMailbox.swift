import Foundation

/// What waits to be written to one live-view browser: its events in order, at most `maxEvents`, and only
/// the latest frame (a browser that reads slowly skips frames, it never queues them). A browser whose
/// events pile up past the bound, or whose write has not finished for `stallMilliseconds`, does not
/// read: it is dropped, and the others never wait for it.
struct LiveMailbox<Frame> {
    enum Message {
        case text(String)
        case frame(Frame)
    }

    static var defaultMaxEvents: Int { 2048 }
    static var stallMilliseconds: Int64 { 15_000 }

    let maxEvents: Int
    private(set) var events: [String] = []
    private(set) var frame: Frame?
    private(set) var overflowed = false
    /// When the write under way began (nil: none is).
    private(set) var writingSince: Int64?

    init(maxEvents: Int = Self.defaultMaxEvents) { self.maxEvents = maxEvents }

    var isEmpty: Bool { events.isEmpty && frame == nil }

    mutating func post(event: String) {
        guard !overflowed else { return }
        guard events.count < maxEvents else {
            overflowed = true
            events = []
            frame = nil
            return
        }
        events.append(event)
    }

    /// The newer frame replaces one not written yet.
    mutating func post(frame: Frame) {
        guard !overflowed else { return }
        self.frame = frame
    }

    /// Everything waiting, events first; the write of it begins `now`.
    mutating func take(now: Int64) -> [Message] {
        var out = events.map(Message.text)
        if let frame { out.append(.frame(frame)) }
        events = []
        frame = nil
        writingSince = out.isEmpty ? nil : now
        return out
    }

    /// The writes of the last `take` finished.
    mutating func written() { writingSince = nil }

    /// The browser does not read: too many events wait, or a write has hung.
    func isStuck(now: Int64) -> Bool {
        overflowed || (writingSince.map { now - $0 > Self.stallMilliseconds } ?? false)
    }
}

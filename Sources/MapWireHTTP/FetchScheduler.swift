/// Which fetches may run: at most `limit` at once, every waiting `regular` one before any `low` one,
/// each class first come first served. A pure value: the fetcher keeps it under a lock and starts
/// what its methods return.
struct FetchScheduler<Ticket: Hashable & Sendable>: Sendable {
    enum Priority: Sendable { case regular, low }

    let limit: Int
    private(set) var running: Set<Ticket> = []
    private var regular = FIFO()
    private var low = FIFO()

    init(limit: Int) { self.limit = max(1, limit) }

    var waiting: Int { regular.count + low.count }

    /// Adds a fetch; returns the ones to start now (this one, if a slot is free).
    mutating func submit(_ ticket: Ticket, priority: Priority) -> [Ticket] {
        switch priority {
        case .regular: regular.push(ticket)
        case .low: low.push(ticket)
        }
        return fill()
    }

    /// A running fetch ended (or a waiting one was given up): returns the ones to start now.
    mutating func finish(_ ticket: Ticket) -> [Ticket] {
        if running.remove(ticket) == nil {
            regular.remove(ticket)
            low.remove(ticket)
        }
        return fill()
    }

    private mutating func fill() -> [Ticket] {
        var started: [Ticket] = []
        while running.count < limit, let next = regular.pop() ?? low.pop() {
            running.insert(next)
            started.append(next)
        }
        return started
    }

    /// A queue with O(1) push and pop (an array and a read index, compacted as it drains).
    private struct FIFO: Sendable {
        private var items: [Ticket] = []
        private var head = 0
        private var removed: Set<Ticket> = []

        var count: Int { items.count - head - removed.count }

        mutating func push(_ ticket: Ticket) {
            removed.remove(ticket)
            items.append(ticket)
        }

        mutating func pop() -> Ticket? {
            while head < items.count {
                let ticket = items[head]
                head += 1
                if head > 1024, head * 2 > items.count { items.removeFirst(head); head = 0 }
                if removed.remove(ticket) == nil { return ticket }
            }
            return nil
        }

        /// Lazy removal: the ticket is skipped when its turn comes.
        mutating func remove(_ ticket: Ticket) {
            if items[head...].contains(ticket) { removed.insert(ticket) }
        }
    }
}

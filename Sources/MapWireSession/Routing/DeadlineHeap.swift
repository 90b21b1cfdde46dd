/// Request deadlines in a binary min-heap, so the shell's loop learns the earliest one without scanning
/// every pending request at each turn. Items are never removed when a request ends or its deadline
/// moves: the owner checks the top against its table (`PendingRequests.earliestDeadline`) and pops what
/// no longer holds, and rebuilds the heap when stale items outnumber live ones.
struct DeadlineHeap {
    struct Item {
        let deadlineMillis: Int64
        let id: UInt64
    }

    private(set) var items: [Item] = []

    var count: Int { items.count }
    var top: Item? { items.first }

    mutating func push(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].deadlineMillis < items[parent].deadlineMillis else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popTop() {
        guard !items.isEmpty else { return }
        let last = items.removeLast()
        guard !items.isEmpty else { return }
        items[0] = last
        siftDown(from: 0)
    }

    /// Replaces every item (a rebuild from the live deadlines), keeping the storage.
    mutating func rebuild(_ fresh: some Sequence<Item>) {
        items.removeAll(keepingCapacity: true)
        items.append(contentsOf: fresh)
        var index = items.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { return }
            let right = left + 1
            let child = right < items.count && items[right].deadlineMillis < items[left].deadlineMillis ? right : left
            guard items[child].deadlineMillis < items[parent].deadlineMillis else { return }
            items.swapAt(child, parent)
            parent = child
        }
    }
}

/// The most recently used leaf directories, keyed by their offset in the leaf section. Bounded:
/// a planet archive has thousands of leaves, and a map view needs a handful.
struct PMTilesLeafCache: Sendable {
    let capacity: Int
    private var entries: [UInt64: (directory: PMTilesDirectory, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int { entries.count }

    mutating func directory(at offset: UInt64) -> PMTilesDirectory? {
        guard let found = entries[offset] else { return nil }
        clock += 1
        entries[offset] = (found.directory, clock)
        return found.directory
    }

    mutating func insert(_ directory: PMTilesDirectory, at offset: UInt64) {
        clock += 1
        entries[offset] = (directory, clock)
        // A linear scan for the oldest: the cache is small, and inserts happen once per leaf read.
        while entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
    }
}

import Foundation

/// Rendered images by key, least recently used evicted first once their bytes pass a budget.
/// Not Sendable: the server keeps it behind a lock (ServeImages).
public struct RenderedTileCache {
    public struct Entry: Sendable {
        public let bytes: Data
        public let etag: String
    }

    public let budgetBytes: Int
    private var entries: [String: (entry: Entry, tick: UInt64)] = [:]
    private var tick: UInt64 = 0
    public private(set) var totalBytes = 0

    public init(budgetBytes: Int) { self.budgetBytes = budgetBytes }

    public var count: Int { entries.count }

    public mutating func get(_ key: String) -> Entry? {
        guard let found = entries[key] else { return nil }
        tick += 1
        entries[key] = (found.entry, tick)
        return found.entry
    }

    public mutating func put(_ key: String, _ entry: Entry) {
        guard entry.bytes.count <= budgetBytes else { return }
        tick += 1
        if let old = entries.updateValue((entry, tick), forKey: key) { totalBytes -= old.entry.bytes.count }
        totalBytes += entry.bytes.count
        guard totalBytes > budgetBytes else { return }
        // Evict the oldest quarter at once, so a full cache does not sort on every insert.
        let oldest = entries.sorted { $0.value.tick < $1.value.tick }
        for (key, value) in oldest where totalBytes > budgetBytes * 3 / 4 {
            entries[key] = nil
            totalBytes -= value.entry.bytes.count
        }
    }
}

/// A strong ETag for bytes: FNV-1a 64 of the content, quoted.
public enum ETag {
    public static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(data.count)\""
    }

    /// Whether an If-None-Match header names this tag (a list, or `*`; weak tags compare equal).
    public static func matches(_ header: String?, _ etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { part in
            let tag = part.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}

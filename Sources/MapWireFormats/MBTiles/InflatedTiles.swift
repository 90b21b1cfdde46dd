import Foundation

/// Tiles inflated recently, each with the compressed bytes it came from: a tile read again whose stored
/// bytes are the same is not inflated again (the inflate was much of an MBTiles tile load's time:
/// BENCHMARKS.md, "The loader's requests"). Keyed by content, not by a version of the file: whatever the file does,
/// the answer is what inflating the bytes just read gives. Bounded: at most `maxEntries` tiles and
/// `maxBytes` of inflated data; when full, it is emptied and fills again with what is read next.
struct InflatedTiles {
    struct Key: Hashable {
        let z: Int
        let x: Int
        let y: Int
    }

    private struct Kept {
        let stored: Data
        let tile: Data
    }

    var maxEntries = 128
    var maxBytes = 8 << 20
    private var kept: [Key: Kept] = [:]
    private var keptBytes = 0

    var count: Int { kept.count }

    /// The inflated tile when `stored` are the bytes it was inflated from.
    func tile(_ key: Key, stored: Data) -> Data? {
        guard let entry = kept[key], entry.stored == stored else { return nil }
        return entry.tile
    }

    mutating func keep(_ tile: Data, for key: Key, stored: Data) {
        let bytes = tile.count + stored.count
        guard bytes <= maxBytes else { return }
        if let old = kept[key] { keptBytes -= old.tile.count + old.stored.count }
        if kept.count >= maxEntries || keptBytes + bytes > maxBytes {
            kept.removeAll(keepingCapacity: true)
            keptBytes = 0
        }
        kept[key] = Kept(stored: stored, tile: tile)
        keptBytes += bytes
    }
}

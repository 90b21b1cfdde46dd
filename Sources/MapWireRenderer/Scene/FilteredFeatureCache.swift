import MapWireVectorTile

/// Which features of a tile's layer pass a style layer's filter, kept from one frame to the next:
/// filters only see the zoom and the feature, so while a tile's data and the zoom stay the same
/// (repaints, panning) the answer does too. Evaluating every filter on every feature was a fifth
/// of a Chicago frame (callgrind, `mapwire bench --sections render`).
///
/// Entries are keyed by the address of the tile layer's feature storage and hold that storage, so
/// the address cannot be reused by other data while the entry lives (arrays are copy-on-write:
/// shared storage is never changed in place). Entries no frame asked for are dropped at the end of
/// the next frame, so the cache holds at most what two frames drew.
final class FilteredFeatureCache {
    private struct Key: Hashable {
        let layerID: String
        let storage: UInt
        let count: Int
        let zoom: Double
    }

    private struct Entry {
        let features: [VectorFeature]
        let matching: [VectorFeature]
        var frame: UInt64
    }

    private var entries: [Key: Entry] = [:]
    private var frame: UInt64 = 0

    /// Forgets everything (another style: the same layer id may filter differently).
    func removeAll() { entries.removeAll() }

    /// Forgets the entries of layers other than `layerIDs` (the style changed, these layers' filters did not).
    func removeAll(except layerIDs: Set<String>) {
        entries = entries.filter { layerIDs.contains($0.key.layerID) }
    }

    /// Drops the entries the previous frame did not use, then starts counting a new frame.
    func beginFrame() {
        let previous = frame
        if entries.contains(where: { $0.value.frame < previous }) {
            entries = entries.filter { $0.value.frame >= previous }
        }
        frame &+= 1
    }

    /// Counts every entry as used by this frame: a frame that stopped before drawing (for glyphs its
    /// labels lacked) filtered only its symbol layers, and the next frame needs the others' too.
    func keepAll() {
        for index in entries.indices { entries.values[index].frame = frame }
    }

    /// The features of `features` that pass `filter` at `zoom`, in tile order.
    func matching(_ features: [VectorFeature], layerID: String, zoom: Double, filter: (VectorFeature) -> Bool) -> [VectorFeature] {
        let storage = features.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        // An empty array has no storage of its own to tell tiles apart, and nothing to filter.
        guard storage != 0, !features.isEmpty else { return [] }
        let key = Key(layerID: layerID, storage: storage, count: features.count, zoom: zoom)
        if let index = entries.index(forKey: key) {
            entries.values[index].frame = frame
            return entries.values[index].matching
        }
        let matching = features.filter(filter)
        entries[key] = Entry(features: features, matching: matching, frame: frame)
        return matching
    }

    var count: Int { entries.count }
}

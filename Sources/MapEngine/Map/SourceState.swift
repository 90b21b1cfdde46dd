import Foundation
import MapWireGeometry

/// The live state of one source of the current style: its metadata and its tile pyramid.
struct SourceState {
    enum Metadata { case pending, loaded, failed }

    var spec: SourceSpecification
    var metadata: Metadata
    /// The load of its TileJSON or data, while under way.
    var metadataLoad: UInt64?
    /// Tiles the current view needs, nearest the centre first.
    var visible: [CanonicalTileID] = []
    /// Tiles being loaded: tile → load id.
    var pending: [CanonicalTileID: UInt64] = [:]
    /// Tiles that finished (with data or with an error), least recently used first.
    var cache = TileCache(capacity: 256)
    /// GeoJSON data or an image source's image, once loaded: what the renderer draws.
    var wholeData: KeyedData?
    /// Why its TileJSON or data failed to load, and where from (a view drawn without it says so).
    var metadataFailure: (url: String, error: ResourceError)?

    init(spec: SourceSpecification, key: String) {
        self.spec = spec
        metadata = spec.hasMetadata ? .loaded : .pending
        if let inline = spec.inlineData { wholeData = KeyedData(key: key, data: inline) }
    }

    /// Every tile the view needs has finished (an errored tile counts: it will not get better by waiting).
    var isComplete: Bool {
        switch metadata {
        case .pending: false
        case .failed: true
        case .loaded: visible.allSatisfy { cache.contains($0) }
        }
    }
}

/// A finished tile: its bytes, or the error that stopped it.
struct LoadedTile {
    var data: KeyedData
    var error: String?
    /// The loader's error, and the tile's URL, when it failed.
    var failure: (url: String, error: ResourceError)? = nil
}

/// Bytes with a key that is unique per content for the core's lifetime, so a renderer can cache them.
struct KeyedData {
    let key: String
    let data: Data
}

/// Recently used tiles of one source, so panning back does not reload them.
struct TileCache {
    let capacity: Int
    private(set) var tiles: [CanonicalTileID: LoadedTile] = [:]
    private var order: [CanonicalTileID] = []

    init(capacity: Int) { self.capacity = capacity }

    func contains(_ tile: CanonicalTileID) -> Bool { tiles[tile] != nil }

    subscript(tile: CanonicalTileID) -> LoadedTile? { tiles[tile] }

    /// Stores a tile and evicts the least recently used ones that are not in `keep`.
    mutating func insert(_ tile: CanonicalTileID, _ value: LoadedTile, keep: Set<CanonicalTileID>) {
        if tiles.updateValue(value, forKey: tile) != nil { order.removeAll { $0 == tile } }
        order.append(tile)
        var index = 0
        while tiles.count > capacity, index < order.count {
            let candidate = order[index]
            if keep.contains(candidate) { index += 1; continue }
            order.remove(at: index)
            tiles[candidate] = nil
        }
    }

    /// Forgets a tile (a failed tile whose retry was dropped: loaded afresh when it is needed again).
    mutating func remove(_ tile: CanonicalTileID) {
        guard tiles.removeValue(forKey: tile) != nil else { return }
        order.removeAll { $0 == tile }
    }

    /// Marks tiles as used now (they are visible again).
    mutating func touch(_ visible: [CanonicalTileID]) {
        let used = Set(visible.filter { tiles[$0] != nil })
        guard !used.isEmpty else { return }
        order.removeAll { used.contains($0) }
        order.append(contentsOf: visible.filter { used.contains($0) })
    }
}

import MapWireProtocol

/// Derives the load status of the map and of each source from the core's event stream alone, in the
/// spirit of ArcGIS's LoadStatus (not-loaded → loading → loaded | failed). Pure: feed it payloads in
/// order and it returns the transitions they cause.
///
/// The rules, and why:
/// - The map starts not-loaded. A style starting (a style resource-request, style-data-loaded{style}),
///   a camera change or a source appearing moves it to loading: work towards a rendered map began.
/// - The map is loaded at map-loaded or map-idle, which the core only sends for a loaded style.
///   Loaded is sticky: tiles fetched later for a moving camera do not make the map "loading" again;
///   only a new style does.
/// - map-loading-error{style} fails the map with the error; a new style starting recovers it (loading).
/// - A source is loading from source-added, or from the first event naming it (its metadata, a tile),
///   because a style's sources are not listed in any event. Tiles keep it loading until
///   source-data-loaded{tile, loaded: true}. A source without tiles (GeoJSON, image) has no such
///   event: it is loaded once its metadata is in and the map is loaded or idle.
/// - map-loading-error{source} fails that source, until a new style or the source is added again.
/// - A source whose needed tiles failed is failed too: when it completes (source-data-loaded{tile,
///   loaded: true}) or the map settles with tiles of it that failed (map-loading-error{tile}) and have not
///   loaded since, it is failed with an error naming how many and the first. The core tries again
///   those that failed for want of a server (PROTOCOL.md 7.8): a tile that then loads (its
///   source-data-loaded with no map-loading-error just before it) or that the map stops wanting (its
///   resource-request cancelled) no longer counts, and the source is loaded again once none is left. A
///   tile that failed for good (not found, not valid) counts until a new style, even when the camera
///   has moved away from it: no event says the map stopped wanting it.
/// - A new style (its style request, or style-data-loaded{style} for an inline one) replaces the
///   sources: every known source goes back to not-loaded and is forgotten (a source of the same id in
///   the new style starts over). source-removed forgets the source without a change; the core drops
///   its entry on that same event.
public struct LoadStatusTracker: Sendable {
    public private(set) var map: LoadStatus = .notLoaded
    public private(set) var mapError: String?
    public private(set) var sources: [String: SourceEntry] = [:]

    public struct SourceEntry: Equatable, Sendable {
        public var status: LoadStatus
        public var error: String?
        /// Whether its metadata (or TileJSON) arrived: it may then be loaded without tile events.
        public var hasMetadata = false
        /// Whether its metadata failed (map-loading-error{source}): failed until a new style.
        public var metadataFailed = false
        /// Its tiles that failed and have not loaded since, with their URL (when known) and error.
        public var failedTiles: [TileKey: FailedTile] = [:]
    }

    public struct TileKey: Hashable, Comparable, Sendable {
        public var z: UInt32, x: UInt32, y: UInt32

        public init(_ id: Mapwire_V1_TileId) { (z, x, y) = (id.z, id.x, id.y) }

        public static func < (a: TileKey, b: TileKey) -> Bool { (a.z, a.x, a.y) < (b.z, b.x, b.y) }
        var text: String { "\(z)/\(x)/\(y)" }
    }

    public struct FailedTile: Equatable, Sendable {
        public var url: String?
        public var message: String
    }

    /// The URL of the tile request that just failed: its map-loading-error comes next (PROTOCOL.md 6.1).
    private var lastFailedTileURL: String?
    /// The tile whose map-loading-error just came: its own source-data-loaded follows, and is no load.
    private var tileJustFailed: (source: String, tile: TileKey)?

    public init() {}

    /// Applies one event and returns the transitions it caused (none for most events).
    public mutating func apply(_ payload: Mapwire_V1_Envelope.OneOf_Payload) -> [LoadStatusChange] {
        var changes: [LoadStatusChange] = []
        switch payload {
        case .resourceRequest(let r) where r.request.kind == .tile:
            if r.cancelled { tileNoLongerWanted(r.request.url, &changes) }
            else if r.response.hasError { lastFailedTileURL = r.request.url }
        case .resourceRequest(let r) where r.request.kind == .style && !r.cancelled:
            // A failed retry of a style that already failed (PROTOCOL.md 7.8) leaves the map failed: the
            // core reports a resource's failure once, so nothing would fail it again.
            if !(r.response.hasError && map == .failed) { setMap(.loading, &changes) }
            newStyle(&changes)
        case .styleDataLoaded(let s) where s.type == .style:
            setMap(.loading, &changes)
            newStyle(&changes)
        case .cameraChanged, .cameraWillChange:
            if map == .notLoaded { setMap(.loading, &changes) }
        case .sourceAdded(let s):
            if map == .notLoaded { setMap(.loading, &changes) }
            setSource(s.id, .loading, &changes)
            sources[s.id]?.metadataFailed = false
            sources[s.id]?.failedTiles = [:]
        case .sourceDataLoaded(let s):
            sourceDataLoaded(s, &changes)
        case .sourceRemoved(let s):
            sources[s.id] = nil
        case .mapLoadingError(let e):
            loadingError(e, &changes)
        case .mapLoaded, .mapIdle:
            mapSettled(&changes)
        default:
            break
        }
        return changes
    }

    /// A new style replaced the map's sources: each known one goes to not-loaded and is forgotten,
    /// so a source of the same id in the new style starts over.
    private mutating func newStyle(_ changes: inout [LoadStatusChange]) {
        for id in sources.keys.sorted() { setSource(id, .notLoaded, &changes) }
        sources = [:]
        lastFailedTileURL = nil
        tileJustFailed = nil
    }

    private mutating func sourceDataLoaded(_ s: Mapwire_V1_SourceDataLoaded, _ changes: inout [LoadStatusChange]) {
        let current = sources[s.id]?.status ?? .notLoaded
        switch s.type {
        case .metadata:
            if current != .loaded { setSource(s.id, .loading, &changes) }
            sources[s.id]?.hasMetadata = true
            // Metadata that failed and then loaded on a retry (PROTOCOL.md 7.8).
            sources[s.id]?.metadataFailed = false
        case .tile:
            let tile = TileKey(s.tileID)
            if let failed = tileJustFailed, failed.source == s.id, failed.tile == tile {
                // The failed tile's own completion, right after its map-loading-error.
                tileJustFailed = nil
            } else {
                sources[s.id]?.failedTiles[tile] = nil
            }
            // A source whose metadata failed stays failed until a new style or re-add.
            guard sources[s.id]?.metadataFailed != true else { return }
            if s.hasLoaded && s.loaded {
                settle(s.id, &changes)
            } else if current == .notLoaded || current == .loading {
                // Loaded is sticky (see above): tiles loading for a moved camera leave it loaded.
                setSource(s.id, .loading, &changes)
            }
            sources[s.id]?.hasMetadata = true
        default:
            break
        }
    }

    /// A source whose needed tiles have all finished: loaded, or failed when some failed.
    private mutating func settle(_ id: String, _ changes: inout [LoadStatusChange]) {
        let failed = sources[id]?.failedTiles ?? [:]
        guard let first = failed.keys.min(), let tile = failed[first] else { return setSource(id, .loaded, &changes) }
        let count = failed.count == 1 ? "1 tile" : "\(failed.count) tiles"
        setSource(id, .failed, &changes, error: "\(count) failed to load (\(first.text): \(tile.message))")
    }

    /// A map-loading-error{tile}: the tile counts as failed until it loads or is no longer wanted.
    private mutating func tileFailed(_ e: Mapwire_V1_MapLoadingError, _ changes: inout [LoadStatusChange]) {
        let tile = TileKey(e.tileID)
        if sources[e.sourceID] == nil { setSource(e.sourceID, .loading, &changes) }
        sources[e.sourceID]?.failedTiles[tile] = FailedTile(url: lastFailedTileURL, message: e.message)
        lastFailedTileURL = nil
        tileJustFailed = (e.sourceID, tile)
    }

    /// The map stopped wanting a tile (its retry was cancelled, the camera moved away): a source failed
    /// only by it is loaded again.
    private mutating func tileNoLongerWanted(_ url: String, _ changes: inout [LoadStatusChange]) {
        for id in sources.keys.sorted() {
            guard let tiles = sources[id]?.failedTiles, tiles.values.contains(where: { $0.url == url }) else { continue }
            sources[id]?.failedTiles = tiles.filter { $0.value.url != url }
            if sources[id]?.status == .failed, sources[id]?.metadataFailed == false { settle(id, &changes) }
        }
    }

    private mutating func loadingError(_ e: Mapwire_V1_MapLoadingError, _ changes: inout [LoadStatusChange]) {
        switch e.type {
        case .style:
            setMap(.failed, &changes, error: e.message)
        case .source where e.hasSourceID:
            setSource(e.sourceID, .failed, &changes, error: e.message)
            sources[e.sourceID]?.metadataFailed = true
        case .tile where e.hasSourceID:
            tileFailed(e, &changes)
        default:
            // Sprite and glyph errors leave statuses alone: the map still renders without them.
            break
        }
    }

    /// map-loaded / map-idle: the map is loaded, and so is every source whose metadata is in but
    /// which had no tiles to wait for.
    private mutating func mapSettled(_ changes: inout [LoadStatusChange]) {
        if map == .loading { setMap(.loaded, &changes) }
        for id in sources.keys.sorted() where sources[id]?.status == .loading && sources[id]?.hasMetadata == true {
            settle(id, &changes)
        }
    }

    private mutating func setMap(_ status: LoadStatus, _ changes: inout [LoadStatusChange], error: String? = nil) {
        guard status != map || error != mapError else { return }
        changes.append(LoadStatusChange(target: Mapwire_V1_LoadStatusChanged.mapTarget, old: map, new: status, error: error))
        map = status
        mapError = error
    }

    private mutating func setSource(_ id: String, _ status: LoadStatus, _ changes: inout [LoadStatusChange], error: String? = nil) {
        var entry = sources[id] ?? SourceEntry(status: .notLoaded)
        guard status != entry.status || error != entry.error else { return }
        changes.append(LoadStatusChange(target: id, old: entry.status, new: status, error: error))
        entry.status = status
        entry.error = error
        sources[id] = entry
    }
}

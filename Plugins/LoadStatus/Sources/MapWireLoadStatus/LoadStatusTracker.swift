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
/// - map-loading-error{source} fails that source. A tile error does not: the source may still draw
///   its other tiles, and the core reports it complete (loaded: true) once every tile has finished.
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
    }

    public init() {}

    /// Applies one event and returns the transitions it caused (none for most events).
    public mutating func apply(_ payload: Mapwire_V1_Envelope.OneOf_Payload) -> [LoadStatusChange] {
        var changes: [LoadStatusChange] = []
        switch payload {
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
    }

    private mutating func sourceDataLoaded(_ s: Mapwire_V1_SourceDataLoaded, _ changes: inout [LoadStatusChange]) {
        let current = sources[s.id]?.status ?? .notLoaded
        switch s.type {
        case .metadata:
            if current != .loaded { setSource(s.id, .loading, &changes) }
            sources[s.id]?.hasMetadata = true
        case .tile:
            // Loaded is sticky (see above); a failed source stays failed until a new style or re-add.
            guard current != .loaded, current != .failed else { return }
            setSource(s.id, s.hasLoaded && s.loaded ? .loaded : .loading, &changes)
            sources[s.id]?.hasMetadata = true
        default:
            break
        }
    }

    private mutating func loadingError(_ e: Mapwire_V1_MapLoadingError, _ changes: inout [LoadStatusChange]) {
        switch e.type {
        case .style:
            setMap(.failed, &changes, error: e.message)
        case .source where e.hasSourceID:
            setSource(e.sourceID, .failed, &changes, error: e.message)
        default:
            // Sprite, glyph and tile errors leave statuses alone: the map still renders without them.
            break
        }
    }

    /// map-loaded / map-idle: the map is loaded, and so is every source whose metadata is in but
    /// which had no tiles to wait for.
    private mutating func mapSettled(_ changes: inout [LoadStatusChange]) {
        if map == .loading { setMap(.loaded, &changes) }
        for id in sources.keys.sorted() where sources[id]?.status == .loading && sources[id]?.hasMetadata == true {
            setSource(id, .loaded, &changes)
        }
    }

    private mutating func setMap(_ status: LoadStatus, _ changes: inout [LoadStatusChange], error: String? = nil) {
        guard status != map || error != mapError else { return }
        changes.append(LoadStatusChange(target: Mapwire_V1_LoadStatusChanged.mapTarget, old: map, new: status, error: error))
        map = status
        mapError = error
    }

    private mutating func setSource(_ id: String, _ status: LoadStatus, _ changes: inout [LoadStatusChange], error: String? = nil) {
        let old = sources[id] ?? SourceEntry(status: .notLoaded)
        guard status != old.status || error != old.error else { return }
        changes.append(LoadStatusChange(target: id, old: old.status, new: status, error: error))
        sources[id] = SourceEntry(status: status, error: error, hasMetadata: old.hasMetadata)
    }
}

import Foundation
import MapWireGeometry

/// Tile pyramids: request what the view needs, cancel what it no longer needs.
extension Map {
    /// The view changed: every source's tiles.
    func updateTiles() {
        let transform = Transform(camera: camera, size: size)
        for id in sourceOrder { updateTiles(of: id, in: transform) }
    }

    /// One source changed (added, its metadata arrived): its tiles only, then a frame.
    func sourceChanged(_ id: String) {
        guard phase == .loaded else { return }
        updateTiles(of: id, in: Transform(camera: camera, size: size))
        requestFrame()
    }

    func updateTiles(of id: String, in transform: Transform) {
        guard var state = sources[id], state.metadata == .loaded, state.spec.isTiled,
              let template = state.spec.tiles?.first else { return }
        let needed = TileCover.tiles(for: transform, tileSize: state.spec.tileSize, minZoom: state.spec.minZoom,
                                     maxZoom: state.spec.maxZoom, roundZoom: state.spec.roundsZoom)
        let neededSet = Set(needed)
        state.visible = needed
        state.cache.touch(needed)
        let held = tilesHeldForViews(of: id)
        for (tile, loadID) in state.pending where !neededSet.contains(tile) && !held.contains(tile) {
            state.pending[tile] = nil
            if let load = pending.removeValue(forKey: loadID) { cancel(loadID, load) }
        }
        // A failed tile no longer needed is not tried again, and is loaded afresh if it is needed later.
        let unwanted = cancelRetries { load in
            if case .tile(id, let tile) = load.purpose { !neededSet.contains(tile) } else { false }
        }
        for dropped in unwanted {
            if case .tile(_, let tile) = dropped.purpose { state.cache.remove(tile) }
        }
        for tile in needed where !state.cache.contains(tile) && state.pending[tile] == nil {
            let url = TileURL.expand(template, tile: tile, scheme: state.spec.scheme)
            state.pending[tile] = request(url: url, kind: .tile, purpose: .tile(id, tile), sourceID: id, tileID: tile)
        }
        sources[id] = state
    }

    func tileArrived(_ tile: CanonicalTileID, of sourceID: String, result: ResourceResult, url: String, keyed: KeyedData) {
        guard var state = sources[sourceID] else { return }
        state.pending[tile] = nil
        let error = result.errorMessage
        let failure = error == nil ? nil : result.response.error.map { (url: url, error: $0) }
        state.cache.insert(tile, LoadedTile(data: keyed, error: error, failure: failure),
                           keep: Set(state.visible).union(tilesHeldForViews(of: sourceID)))
        sources[sourceID] = state
        if let error {
            loadingError(.tile, "could not load tile \(tile) of source \"\(sourceID)\" from \(url): \(error)",
                         sourceID: sourceID, tile: tile)
        }
        publish(.sourceDataLoaded(SourceDataLoaded(id: sourceID, kind: .tile, loaded: state.isComplete, tileID: tile)))
        // A tile only views wanted (a server's tiles and static images) changes nothing the map shows: no
        // frame of the map for it (nor map-idle again after it; Map+Views.swift).
        if state.visible.contains(tile) { requestFrame() }
    }

    /// The tiles a source needs for the current view, nearest the centre first.
    public func visibleTiles(of sourceID: String) -> [CanonicalTileID] {
        sources[sourceID]?.visible ?? []
    }

    /// The bytes of a finished tile (nil while loading, or when it failed).
    public func tileData(of sourceID: String, _ tile: CanonicalTileID) -> Data? {
        guard let loaded = sources[sourceID]?.cache[tile], loaded.error == nil else { return nil }
        return loaded.data.data
    }
}

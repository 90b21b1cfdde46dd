import Foundation
import MapWireGeometry

/// Views: what a renderer needs to draw a camera and size other than the map's own (a server's tile or
/// static image), without moving the map's camera. A view holds its tiles (loaded like the map's own,
/// never cancelled or evicted while held) until it is released.
extension Map {
    /// Where a view's tiles stand.
    public enum ViewReadiness: Equatable, Sendable {
        /// Every tile has finished (with bytes or an error): the view can be drawn.
        case ready
        /// Tiles or source metadata are still loading.
        case loading
        /// The map cannot draw it: no style, or the style failed.
        case impossible(String)
    }

    /// Holds the tiles view `id` needs at `camera` and `size`, asks for those not loaded yet, and says
    /// whether the view can be drawn. Called again as tiles arrive (it asks for nothing twice).
    public func prepareView(_ id: UInt64, camera: Camera, size: ViewportSize) -> ViewReadiness {
        switch phase {
        case .empty: return .impossible("no style is loaded")
        case .failed: return .impossible("the style failed to load")
        case .loadingStyle, .loadingSprite: return .loading
        case .loadingSources, .loaded: break
        }
        let transform = Transform(camera: camera, size: size)
        // The view's loads are not the map's: an idle map stays idle while they load.
        let wasIdle = idleEmitted
        defer { idleEmitted = wasIdle }
        var held: [String: [CanonicalTileID]] = [:]
        var ready = true
        for sourceID in sourceOrder {
            guard var state = sources[sourceID] else { continue }
            switch state.metadata {
            case .pending: ready = false; continue
            case .failed: continue
            case .loaded: break
            }
            guard state.spec.isTiled else {
                if state.wholeData == nil { ready = false }
                continue
            }
            guard let template = state.spec.tiles?.first else { continue }
            let needed = TileCover.tiles(for: transform, tileSize: state.spec.tileSize, minZoom: state.spec.minZoom,
                                         maxZoom: state.spec.maxZoom, roundZoom: state.spec.roundsZoom)
            held[sourceID] = needed
            state.cache.touch(needed)
            for tile in needed where !state.cache.contains(tile) {
                ready = false
                guard state.pending[tile] == nil else { continue }
                let url = TileURL.expand(template, tile: tile, scheme: state.spec.scheme)
                state.pending[tile] = request(url: url, kind: .tile, purpose: .tile(sourceID, tile), sourceID: sourceID, tileID: tile)
            }
            sources[sourceID] = state
        }
        viewTiles[id] = held
        return ready ? .ready : .loading
    }

    /// What a renderer needs to draw view `id`: the style, sprite, glyphs, images and the view's tiles.
    public func viewResources(_ id: UInt64) -> (styleKey: String, resources: [RenderResource]) {
        let (key, all) = renderResources(tiles: viewTiles[id] ?? [:])
        return (key, all)
    }

    /// A load a view needed that failed: the view was drawn without it.
    public struct ViewLoadFailure: Sendable, Equatable {
        public var kind: MapLoadingErrorKind
        public var sourceID: String?
        public var tile: CanonicalTileID?
        public var url: String
        public var error: ResourceError
    }

    /// What view `id` needed and could not load: its sources whose metadata failed and its tiles that
    /// failed (a tile answered 204, or 404 as a sparse tile set's hole, is empty, not failed); the sprite
    /// when the view lacked images (`missingImages`) and it failed; the glyph ranges its labels needed
    /// (`neededGlyphs`, as the renderer reported them) that failed.
    public func viewFailures(_ id: UInt64, neededGlyphs: [GlyphRangeID] = [], missingImages: Bool = false) -> [ViewLoadFailure] {
        var failures: [ViewLoadFailure] = []
        if missingImages, let sprite = spriteFailure {
            failures.append(ViewLoadFailure(kind: .sprite, sourceID: nil, tile: nil, url: sprite.url, error: sprite.error))
        }
        for range in Set(neededGlyphs).sorted(by: { ($0.fontStack.joined(), $0.start) < ($1.fontStack.joined(), $1.start) }) {
            guard glyphs[range] == .failed else { continue }
            let failure = glyphFailures[range]
            failures.append(ViewLoadFailure(kind: .glyphs, sourceID: nil, tile: nil, url: failure?.url ?? "",
                                            error: failure?.error ?? ResourceError(reason: .other, message: "the glyphs could not be loaded")))
        }
        for sourceID in sourceOrder {
            guard let state = sources[sourceID] else { continue }
            if state.metadata == .failed {
                let failure = state.metadataFailure
                failures.append(ViewLoadFailure(kind: .source, sourceID: sourceID, tile: nil, url: failure?.url ?? state.spec.url ?? "",
                                                error: failure?.error ?? ResourceError(reason: .other, message: "the source could not be loaded")))
            }
            for tile in viewTiles[id]?[sourceID] ?? [] {
                guard let failure = state.cache[tile]?.failure else { continue }
                failures.append(ViewLoadFailure(kind: .tile, sourceID: sourceID, tile: tile, url: failure.url, error: failure.error))
            }
        }
        return failures
    }

    /// The view is drawn or abandoned: its tiles may be evicted and cancelled again.
    public func releaseView(_ id: UInt64) {
        guard viewTiles.removeValue(forKey: id) != nil else { return }
        // Loads only a released view wanted and the map's view does not: cancelled by the next update.
        if phase == .loaded || phase == .loadingSources { updateTiles() }
    }

    /// Views waiting or drawing.
    public var heldViewCount: Int { viewTiles.count }

    /// Whether a load the map itself needs is under way: tiles only views wait for do not hold map-idle back.
    var waitsOnMapLoads: Bool {
        guard !viewTiles.isEmpty else { return !pending.isEmpty }
        return pending.values.contains { load in
            guard case .tile(let sourceID, let tile) = load.purpose else { return true }
            return sources[sourceID]?.visible.contains(tile) ?? true
        }
    }

    func tilesHeldForViews(of sourceID: String) -> Set<CanonicalTileID> {
        guard !viewTiles.isEmpty else { return [] }
        var held: Set<CanonicalTileID> = []
        for view in viewTiles.values { held.formUnion(view[sourceID] ?? []) }
        return held
    }
}

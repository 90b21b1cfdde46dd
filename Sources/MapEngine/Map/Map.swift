import Foundation
import MapWireGeometry

/// The map: style, sources, tile pyramids, camera and frames, driven through the loading sequence of the
/// Mapbox MapEvents reference. A pure state machine: it never does I/O and never calls its host; every
/// call leaves what the host must do in `effects` (MapEffect.swift).
///
/// Not Sendable: one thread (the core's loop) owns a map and calls everything on it.
public final class Map {
    public private(set) var camera: Camera
    public private(set) var size: ViewportSize
    /// Device pixels per logical pixel: picks the @2x sprite and the renderer's output size.
    public private(set) var pixelRatio: Double = 1
    public internal(set) var style: StyleDocument?

    /// What the host must do, in order, since it last took them (`takeEffects()`).
    var effects: [MapEffect] = []
    var phase: LoadPhase = .empty
    var pending: [UInt64: PendingLoad] = [:]
    /// Loads that failed and that the host will try again (Map+Retries.swift): their failure was taken
    /// (the resource counts as failed), an answer that comes later is still taken, and they never hold
    /// map-idle back.
    var retrying: [UInt64: PendingLoad] = [:]
    /// How new loads may be answered: the cache then the network, or (offline) the cache only.
    public var loadingMethods: [LoadingMethod] = [.cache, .network]
    var sourceOrder: [String] = []
    var sources: [String: SourceState] = [:]
    /// Sources whose metadata has not arrived yet, so the sources step ends without visiting every source.
    var metadataPending: Set<String> = []
    var spriteImageIDs: Set<String> = []
    var spriteIndex: KeyedData?
    var spriteImage: KeyedData?
    var styleImages: [String: StyleImage] = [:]
    var reportedMissingImages: Set<String> = []
    var usedImages: Set<String> = []
    var glyphs: [GlyphRangeID: GlyphState] = [:]
    var glyphData: [GlyphRangeID: KeyedData] = [:]
    /// Why the sprite, and glyph ranges, failed to load: what a view drawn without them reports.
    var spriteFailure: (url: String, error: ResourceError)?
    var glyphFailures: [GlyphRangeID: (url: String, error: ResourceError)] = [:]
    /// The key of the current style's JSON for renderers.
    var styleKey = ""
    /// What the runtime style commands changed in the current style (RuntimeStyle.swift).
    var runtime = RuntimeStyle()
    private var nextKey = 1
    var cameraSetExplicitly = false
    /// The camera animation under way (ease-to, fly-to), nil when the camera stands still.
    var animation: RunningAnimation?
    /// True between the camera-will-change and camera-did-change of a viewport animation.
    var viewportMoving = false
    var mapLoadedEmitted = false
    /// Lifecycle (MGLMapViewDelegate's will-start and did-finish rendering): whether this style's first frame was announced, and whether its map was
    /// fully drawn (so a replaced or failed load can say it was not).
    var renderingStarted = false
    var fullyRendered = false
    var idleEmitted = false
    /// Continuous gestures between began and ended (see Map+Gestures.swift).
    var gesturesInProgress: Set<GestureKind> = []
    public internal(set) var wantsFrame = false
    /// Tiles held for views drawn at cameras other than the map's own (Map+Views.swift): view id →
    /// source id → tiles. They are neither cancelled nor evicted while the view waits or draws.
    var viewTiles: [UInt64: [String: [CanonicalTileID]]] = [:]
    private var nextLoadID: UInt64 = 1

    public init(size: ViewportSize = ViewportSize(width: 512, height: 512)) {
        self.size = size
        camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0)
    }

    /// Where the current style's loading sequence is.
    public enum LoadPhase: Equatable, Sendable {
        case empty, loadingStyle, loadingSprite, loadingSources, loaded, failed
    }

    public var loadPhase: LoadPhase { phase }

    /// Outstanding resource loads.
    public var pendingLoadCount: Int { pending.count }

    // MARK: Style

    /// Starts loading a style from a URL (the loader fetches it). Any previous style is dropped.
    public func setStyleURI(_ uri: String) {
        reset()
        publish(.mapWillStartLoading)
        phase = .loadingStyle
        request(url: uri, kind: .style, purpose: .style(baseURL: uri))
    }

    /// Loads a style given as JSON text. Throws (and publishes map-loading-error) when it does not parse.
    public func setStyleJSON(_ json: String, baseURL: String?) throws(MapCommandError) {
        beginStyleParse()
        try styleParsed(Result { () throws(StyleError) in try StyleDocument(data: Data(json.utf8), baseURL: baseURL) })
    }

    /// Drops the current style for one whose JSON is being parsed elsewhere (a large style is parsed off
    /// the core's loop); `styleParsed` goes on with the result.
    public func beginStyleParse() {
        reset()
        publish(.mapWillStartLoading)
        phase = .loadingStyle
    }

    /// The parse begun with `beginStyleParse` finished. Throws (and publishes map-loading-error) when the
    /// style did not parse; a result that comes after another style was set is dropped.
    public func styleParsed(_ result: Result<StyleDocument, StyleError>) throws(MapCommandError) {
        guard phase == .loadingStyle, style == nil else { return }
        switch result {
        case .success(let document): styleArrived(document)
        case .failure(let error):
            styleFailed("the style could not be parsed: \(error.message)")
            throw MapCommandError(error.message)
        }
    }

    /// Drops the current style and everything loading for it. A style dropped before it finished gets its
    /// ending: did-finish-rendering-map {false} once it was drawn, map-did-fail-loading while it still loaded.
    func reset() {
        if renderingStarted, !fullyRendered {
            publish(.didFinishRenderingMap(fullyRendered: false))
        }
        if [.loadingStyle, .loadingSprite, .loadingSources].contains(phase) {
            publish(.mapDidFailLoading(error: "the style was replaced before it finished loading"))
        }
        renderingStarted = false
        fullyRendered = false
        for (id, load) in pending { cancel(id, load) }
        pending = [:]
        cancelRetries { _ in true }
        style = nil
        sourceOrder = []
        sources = [:]
        metadataPending = []
        spriteImageIDs = []
        spriteIndex = nil
        spriteImage = nil
        glyphs = [:]
        glyphData = [:]
        spriteFailure = nil
        glyphFailures = [:]
        styleImages = [:]
        runtime = RuntimeStyle()
        reportedMissingImages = []
        usedImages = []
        mapLoadedEmitted = false
        idleEmitted = false
        wantsFrame = false
        phase = .empty
    }

    // MARK: Camera

    /// Moves the camera at once; unset parts keep their value. Stops a running animation, then publishes
    /// camera-will-change {animated: false}, camera-changed and camera-did-change {animated: false}
    /// and updates tiles.
    public func setCamera(center: LngLat?, zoom: Double?, bearing: Double?, pitch: Double?) throws(MapCommandError) {
        let next = try cameraTarget(center: center, zoom: zoom, bearing: bearing, pitch: pitch)
        startAnimation(.jump(to: next), at: 0)
    }

    /// The current camera with the given parts replaced (clamped): the target of set-camera and the
    /// animation commands. Throws on values that are not finite or a latitude beyond ±90.
    public func cameraTarget(center: LngLat?, zoom: Double?, bearing: Double?, pitch: Double?) throws(MapCommandError) -> Camera {
        let values = [center?.longitude, center?.latitude, zoom, bearing, pitch].compactMap { $0 }
        guard values.allSatisfy(\.isFinite) else { throw MapCommandError("camera values must be finite numbers") }
        if let lat = center?.latitude, abs(lat) > 90 { throw MapCommandError("latitude \(lat) is outside -90...90") }
        var next = camera
        if let center { next.center = center }
        if let zoom { next.zoom = zoom }
        if let bearing { next.bearing = bearing }
        if let pitch { next.pitch = pitch }
        return next.clamped()
    }

    /// Resizes the viewport. Publishes camera-changed and updates tiles.
    public func setSize(width: Int, height: Int, pixelRatio: Double? = nil) throws(MapCommandError) {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw MapCommandError("size \(width)x\(height) is outside 1...16384 pixels per side")
        }
        if let pixelRatio {
            guard pixelRatio.isFinite, (0.25...8).contains(pixelRatio) else {
                throw MapCommandError("pixel ratio \(pixelRatio) is outside 0.25...8")
            }
            self.pixelRatio = pixelRatio
        }
        size = ViewportSize(width: width, height: height)
        publish(.cameraChanged)
        viewChanged()
    }

    func apply(camera next: Camera) {
        // Every path that moves the camera validates or clamps first; a non-finite one would reach tile math.
        guard next.isFinite else { return }
        camera = next
        publish(.cameraChanged)
        viewChanged()
    }

    func viewChanged() {
        guard phase == .loaded else { return }
        updateTiles()
        requestFrame()
    }

    // MARK: Sources

    /// Adds a source to the current style (style-spec v8 source JSON). Publishes source-added.
    public func addSource(id: String, json: String) throws(MapCommandError) {
        // Only the base URL is read: a local copy of the style would make the append below copy every source.
        guard style != nil else { throw MapCommandError("no style is loaded yet: set a style before adding sources", reason: .refusedInState) }
        guard !id.isEmpty else { throw MapCommandError("a source needs a non-empty id") }
        guard sources[id] == nil else { throw MapCommandError("there is already a source with id \"\(id)\"") }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(json.utf8)) }
        catch { throw MapCommandError("source \"\(id)\" is not valid JSON") }
        let spec: SourceSpecification
        do { spec = try SourceSpecification(json: object, baseURL: style?.baseURL) }
        catch { throw MapCommandError("source \"\(id)\": \(error.message)") }
        var model = try editedStyle()
        var styleSources = model.root["sources"] as? [String: Any] ?? [:]
        styleSources[id] = object
        model.root["sources"] = styleSources
        style?.sources.append((id, spec))
        insertSource(id, SourceState(spec: spec, key: freshKey("inline")))
        // Renderers read the source's options (tile size, clustering) from the style.
        commit(model)
        publish(.sourceAdded(id: id))
        if phase == .loaded || phase == .loadingSources { resolveMetadata(of: id) }
    }

    /// Removes a source no layer uses. Publishes source-removed.
    public func removeSource(id: String) throws(MapCommandError) {
        guard let state = sources[id] else { throw MapCommandError("there is no source with id \"\(id)\"", reason: .notFound) }
        if let layer = style?.layers.first(where: { $0.source == id }) {
            throw MapCommandError("source \"\(id)\" is in use by layer \"\(layer.id)\"; remove the layer first", reason: .refusedInState)
        }
        var model = try editedStyle()
        if ((model.root["terrain"] as? [String: Any])?["source"] as? String) == id {
            throw MapCommandError("source \"\(id)\" is the terrain's; set the terrain to null first", reason: .refusedInState)
        }
        for loadID in state.pending.values + [state.metadataLoad].compactMap({ $0 }) {
            if let load = pending.removeValue(forKey: loadID) { cancel(loadID, load) }
        }
        cancelRetries { $0.load.sourceID == id }
        sources[id] = nil
        metadataPending.remove(id)
        sourceOrder.removeAll { $0 == id }
        style?.sources.removeAll { $0.id == id }
        var styleSources = model.root["sources"] as? [String: Any] ?? [:]
        styleSources[id] = nil
        model.root["sources"] = styleSources
        model.inlineGeoJSON[id] = nil
        style?.inlineGeoJSON[id] = nil
        runtime.featureStates.forget(source: id)
        runtime.geojson[id] = nil
        runtime.dataChanged.remove(id)
        runtime.dataURLs[id] = nil
        runtime.geojsonHasIDs[id] = nil
        runtime.dataLoading.remove(id)
        commit(model)
        publish(.sourceRemoved(id: id))
        if phase == .loadingSources { finishSourcesIfReady() }
        if phase == .loaded { requestFrame() }
    }

    // MARK: Loads

    @discardableResult
    func request(url: String, kind: ResourceKind, purpose: LoadPurpose,
                 sourceID: String? = nil, tileID: CanonicalTileID? = nil) -> UInt64 {
        let id = nextLoadID
        nextLoadID += 1
        let info = ResourceRequest(url: url, kind: kind, priority: .regular, loadingMethod: loadingMethods)
        let load = ResourceLoad(id: id, request: info, sourceID: sourceID, tileID: tileID)
        pending[id] = PendingLoad(load: load, purpose: purpose)
        idleEmitted = false
        effects.append(.load(load))
        return id
    }

    /// Tells the loader and the subscribers that a load is no longer wanted.
    func cancel(_ id: UInt64, _ load: PendingLoad) {
        effects.append(.cancel(loadID: id))
        publish(.resourceRequest(ResourceRequestEvent(
            dataSource: .resourceLoader, request: load.load.request, response: nil, cancelled: true)))
    }

    /// A key no other content of this map has had (renderers cache by key).
    func freshKey(_ kind: String) -> String {
        defer { nextKey += 1 }
        return "\(kind):\(nextKey)"
    }

    /// Asks for a frame even though nothing changed (a snapshot wants a fresh image).
    public func requestRepaint() {
        requestFrame()
    }

    /// Something visible changed: ask the host for a frame.
    func requestFrame() {
        guard phase == .loaded else { return }
        idleEmitted = false
        if !wantsFrame {
            wantsFrame = true
            effects.append(.frameNeeded)
        }
    }
}

/// Why a load was made, so its answer goes to the right step.
enum LoadPurpose: Equatable {
    case style(baseURL: String)
    case spriteJSON
    case spriteImage
    case sourceMetadata(String)
    case tile(String, CanonicalTileID)
    case glyphs(GlyphRangeID)
}

struct PendingLoad {
    let load: ResourceLoad
    let purpose: LoadPurpose
}

enum GlyphState { case pending, loaded, failed }

/// One 256-code-point range of a font stack's glyphs.
public struct GlyphRangeID: Hashable, Sendable {
    public let fontStack: [String]
    public let start: Int

    public init(fontStack: [String], start: Int) {
        self.fontStack = fontStack
        self.start = start
    }
}

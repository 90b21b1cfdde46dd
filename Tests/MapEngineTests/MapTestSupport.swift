import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// Everything the map asked of its host, in order: its effects, taken from the map whenever a test looks.
final class EffectLog {
    struct Published {
        let topic: String
        let payload: MapEvent
    }

    private let map: Map
    private var taken: [MapEffect] = []

    init(_ map: Map) { self.map = map }

    /// Every effect so far.
    var all: [MapEffect] {
        taken += map.takeEffects()
        return taken
    }

    var published: [Published] {
        all.compactMap { if case .publish(let event) = $0 { Published(topic: event.topic, payload: event) } else { nil } }
    }
    var loads: [ResourceLoad] { all.compactMap { if case .load(let load) = $0 { load } else { nil } } }
    var cancelled: [UInt64] { all.compactMap { if case .cancel(let id) = $0 { id } else { nil } } }
    var framesNeeded: Int { all.filter { $0 == .frameNeeded }.count }

    func count(_ topic: String) -> Int { published.filter { $0.topic == topic }.count }
}

/// A map whose effects are logged, with helpers to answer its loads.
final class MapHarness {
    let map: Map
    let effects: EffectLog
    private var eventMark = 0
    private var loadMark = 0

    init(size: ViewportSize = ViewportSize(width: 512, height: 512)) {
        map = Map(size: size)
        effects = EffectLog(map)
    }

    /// One-line summaries of the events published since the last call.
    func drain() -> [String] { drainEvents().map(\.summary) }

    /// The events since the last call, without MGLMapViewDelegate's lifecycle events (map-will-start-loading,
    /// map-did-fail-loading, will-start-rendering-map, did-finish-rendering-map): these tests follow
    /// the Mapbox MapEvents reference's sequence; MapLifecycleTests check the lifecycle events around it.
    func drainEvents() -> [MapEvent] {
        defer { eventMark = effects.published.count }
        return effects.published[eventMark...].map(\.payload).filter { !Self.lifecycleTopics.contains($0.topic) }
    }

    static let lifecycleTopics: Set<String> = [
        "map-will-start-loading", "map-did-fail-loading", "will-start-rendering-map", "did-finish-rendering-map",
    ]

    /// Loads started since the last call.
    func newLoads() -> [ResourceLoad] {
        defer { loadMark = effects.loads.count }
        return Array(effects.loads[loadMark...])
    }

    /// The most recent load of `url`.
    func load(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ResourceLoad {
        try #require(effects.loads.last { $0.request.url == url }, "no load of \(url)", sourceLocation: sourceLocation)
    }

    func answer(_ url: String, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        map.resourceFinished(try load(url, sourceLocation: sourceLocation).id, .ok(data))
    }

    func answer(_ url: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try answer(url, Data(text.utf8), sourceLocation: sourceLocation)
    }

    func fail(_ url: String, _ reason: ErrorReason = .notFound, sourceLocation: SourceLocation = #_sourceLocation) throws {
        map.resourceFinished(try load(url, sourceLocation: sourceLocation).id, .failure(reason, "no such resource"))
    }

    /// What TileCover says the current view needs from a source.
    func cover(tileSize: Int = 512, minZoom: Int = 0, maxZoom: Int = 14, roundZoom: Bool = false) -> [CanonicalTileID] {
        TileCover.tiles(for: Transform(camera: map.camera, size: map.size), tileSize: tileSize, minZoom: minZoom,
                        maxZoom: maxZoom, roundZoom: roundZoom)
    }

    func answerTiles(_ tiles: [CanonicalTileID], template: String = Fixture.inlineTemplate) throws {
        for tile in tiles { try answer(Fixture.url(template, tile), Fixture.tileBytes(tile)) }
    }

    /// Loads `Fixture.style()` (one inline vector source "v", a line layer) at `camera` and answers every tile,
    /// up to map-loaded and map-idle. Returns the tiles that were loaded.
    @discardableResult
    func loadInlineStyle(camera: Camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2)) throws -> [CanonicalTileID] {
        try map.setCamera(center: camera.center, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch)
        try map.setStyleJSON(Fixture.style(), baseURL: nil)
        let tiles = cover()
        try answerTiles(tiles)
        map.renderFrame()
        #expect(drain().suffix(4) == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
        _ = newLoads()
        return tiles
    }
}

extension ResourceResult {
    static func ok(_ data: Data) -> ResourceResult {
        var response = ResourceResponse()
        response.source = .network
        return ResourceResult(dataSource: .network, response: response, data: data)
    }
}

/// Styles, TileJSON, sprites and tiles made up for the tests.
enum Fixture {
    static let styleURL = "https://maps.test/styles/streets.json"
    static let spriteJSONURL = "https://maps.test/styles/sprites/streets.json"
    static let spritePNGURL = "https://maps.test/styles/sprites/streets.png"
    static let tileJSONURL = "https://maps.test/tiles/streets.json"
    /// Where the TileJSON's relative `streets/{z}/{x}/{y}.pbf` resolves to.
    static let tileJSONTemplate = "https://maps.test/tiles/streets/{z}/{x}/{y}.pbf"
    static let glyphURL = "https://maps.test/fonts/Noto%20Sans%20Regular/0-255.pbf"
    static let inlineTemplate = "https://maps.test/v/{z}/{x}/{y}.pbf"

    /// Sprite, a vector source with a TileJSON url, a line layer and a symbol layer with text-font, glyphs,
    /// and a default camera at zoom 2.5.
    static let streetsStyle = """
        {"version": 8, "name": "streets", "center": [10, 20], "zoom": 2.5,
         "sprite": "sprites/streets",
         "glyphs": "https://maps.test/fonts/{fontstack}/{range}.pbf",
         "sources": {"streets": {"type": "vector", "url": "https://maps.test/tiles/streets.json"}},
         "layers": [
           {"id": "background", "type": "background"},
           {"id": "roads", "type": "line", "source": "streets", "source-layer": "road"},
           {"id": "labels", "type": "symbol", "source": "streets", "source-layer": "place",
            "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"]}}
         ]}
        """

    static let tileJSON = #"{"tilejson": "3.0.0", "tiles": ["streets/{z}/{x}/{y}.pbf"], "minzoom": 0, "maxzoom": 14}"#
    static let spriteIndex = #"{"marker": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1}}"#
    /// The 8-byte PNG signature and the start of an IHDR chunk.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])

    static let inlineSource = #""v": {"type": "vector", "tiles": ["https://maps.test/v/{z}/{x}/{y}.pbf"], "maxzoom": 14}"#
    static let lineLayer = #"{"id": "roads", "type": "line", "source": "v", "source-layer": "road"}"#
    static let labelLayer = #"{"id": "labels", "type": "symbol", "source": "v", "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"]}}"#

    /// A style document from parts; `extra` is spliced in as further top-level members.
    static func style(sprite: String? = nil, glyphs: String? = nil, extra: String? = nil,
                      sources: String = inlineSource, layers: [String] = [lineLayer]) -> String {
        var members = [#""version": 8"#]
        if let sprite { members.append(#""sprite": "\#(sprite)""#) }
        if let glyphs { members.append(#""glyphs": "\#(glyphs)""#) }
        if let extra { members.append(extra) }
        members.append(#""sources": {\#(sources)}"#)
        members.append(#""layers": [\#(layers.joined(separator: ", "))]"#)
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func url(_ template: String, _ tile: CanonicalTileID) -> String {
        template.replacingOccurrences(of: "{z}", with: "\(tile.z)").replacingOccurrences(of: "{x}", with: "\(tile.x)")
            .replacingOccurrences(of: "{y}", with: "\(tile.y)")
    }

    static func tileBytes(_ tile: CanonicalTileID) -> Data { Data("tile \(tile)".utf8) }

    static func tile(_ z: Int, _ x: Int, _ y: Int) -> CanonicalTileID { CanonicalTileID(z: z, x: x, y: y) }
}

extension MapEvent {
    /// The event's documented name (PROTOCOL.md's topics), for readable expectations.
    var topic: String {
        switch self {
        case .mapWillStartLoading: "map-will-start-loading"
        case .mapDidFailLoading: "map-did-fail-loading"
        case .mapLoadingError: "map-loading-error"
        case .styleDataLoaded: "style-data-loaded"
        case .styleLoaded: "style-loaded"
        case .sourceAdded: "source-added"
        case .sourceRemoved: "source-removed"
        case .sourceDataLoaded: "source-data-loaded"
        case .resourceRequest: "resource-request"
        case .styleImageMissing: "style-image-missing"
        case .styleImageRemoveUnused: "style-image-remove-unused"
        case .willStartRenderingMap: "will-start-rendering-map"
        case .renderFrameStarted: "render-frame-started"
        case .renderFrameFinished: "render-frame-finished"
        case .didFinishRenderingMap: "did-finish-rendering-map"
        case .mapLoaded: "map-loaded"
        case .mapIdle: "map-idle"
        case .cameraWillChange: "camera-will-change"
        case .cameraChanged: "camera-changed"
        case .cameraIsChanging: "camera-is-changing"
        case .cameraDidChange: "camera-did-change"
        case .styleWarning: "style-warning"
        }
    }

    /// Topic plus the fields the tests check (messages left out): "source-data-loaded tile v 2/1/1 loaded=false".
    var summary: String {
        func tileText(_ t: CanonicalTileID) -> String { "\(t.z)/\(t.x)/\(t.y)" }
        var parts = [topic]
        switch self {
        case .styleDataLoaded(let kind): parts.append("\(kind)")
        case .sourceDataLoaded(let e):
            parts += ["\(e.kind)", e.id]
            if let tile = e.tileID { parts.append(tileText(tile)) }
            if let loaded = e.loaded { parts.append("loaded=\(loaded)") }
        case .mapLoadingError(let e):
            parts.append("\(e.kind)")
            if let sourceID = e.sourceID { parts.append(sourceID) }
            if let tile = e.tileID { parts.append(tileText(tile)) }
        case .renderFrameFinished(let e): parts.append(e.full ? "full" : "partial")
        case .resourceRequest(let e):
            parts += [e.request.kind.documentedName, e.request.url]
            if let error = e.response?.error { parts.append(error.reason.rawValue) }
            if e.cancelled { parts.append("cancelled") }
        case .sourceAdded(let id): parts.append(id)
        case .sourceRemoved(let id): parts.append(id)
        case .styleWarning(let w): parts.append(w.layerID ?? "-")
        default: break
        }
        return parts.joined(separator: " ")
    }

    var loadingError: MapLoadingError? {
        if case .mapLoadingError(let e) = self { return e }
        return nil
    }

    var resourceRequest: ResourceRequestEvent? {
        if case .resourceRequest(let e) = self { return e }
        return nil
    }
}

extension ResourceKind {
    /// PROTOCOL.md's spelling, as the summaries show it.
    var documentedName: String {
        switch self {
        case .spriteImage: "sprite-image"
        case .spriteJson: "sprite-json"
        default: "\(self)"
        }
    }
}

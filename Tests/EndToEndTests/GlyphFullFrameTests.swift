import Foundation
import MapWireProtocol
import Testing

/// map-loaded comes after a frame drawn with every glyph range its labels need, with
/// the real core, loader and renderer: Cyrillic names need the range 1024–1279, which only the renderer
/// finds out about, after it drew a frame without them.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct GlyphFullFrameTests {
    /// Chicago's streets-v7 tiles labelled with their Russian names (`name_ru`: Чикаго, Українська
    /// околиця), their glyphs from `glyphs` (a folder of font stacks). The labels come with the tiles, so
    /// the renderer first asks for the Cyrillic range in the frame drawn once every tile is in: a frame
    /// that would be full by the tiles alone.
    func style(glyphs: URL, fixtures: URL) -> String {
        #"""
        {"version": 8, "center": [-87.63, 41.88], "zoom": 13,
         "glyphs": "file://\#(glyphs.path)/{fontstack}/{range}.pbf",
         "sources": {"streets": {"type": "vector", "maxzoom": 13,
                                 "tiles": ["file://\#(fixtures.path)/tiles/streets-v7/chicago/{z}-{x}-{y}.mvt"]}},
         "layers": [
           {"id": "bg", "type": "background", "paint": {"background-color": "#f0ece0"}},
           {"id": "names", "type": "symbol", "source": "streets", "source-layer": "place_label",
            "layout": {"text-field": "{name_ru}", "text-font": ["Open Sans Regular"], "text-size": 14}},
           {"id": "pois", "type": "symbol", "source": "streets", "source-layer": "poi_label",
            "layout": {"text-field": "{name_ru}", "text-font": ["Open Sans Regular"], "text-size": 12}}]}
        """#
    }

    func isFull(_ payload: Mapwire_V1_Envelope.OneOf_Payload) -> Bool {
        if case .renderFrameFinished(let f) = payload { f.renderMode == .full } else { false }
    }

    func isCyrillicGlyphRequest(_ payload: Mapwire_V1_Envelope.OneOf_Payload) -> Bool {
        if case .resourceRequest(let r) = payload { r.request.url.contains("1024-1279") } else { false }
    }

    /// Loads `style` with a core, loader and renderer and collects the events up to map-idle.
    func load(_ style: String, in run: TestRun) throws -> EventLog {
        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        #expect(try run.send(.setSize(.with { $0.width = 512; $0.height = 384 })).ok)
        #expect(try run.send(.setStyleJson(.with { $0.json = style })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 30) { topic, _ in topic == "map-idle" })
        return log
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func mapLoadedFollowsTheFullFrameDrawnWithTheCyrillicGlyphs() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let log = try load(style(glyphs: fixtures.appendingPathComponent("glyphs"), fixtures: fixtures), in: run)
        let request = try #require(log.index(of: "resource-request", where: isCyrillicGlyphRequest), "\(log.topics)")
        let firstFull = try #require(log.index(of: "render-frame-finished", where: isFull))
        let loaded = try #require(log.index(of: "map-loaded"))
        #expect(request < firstFull, "no frame is full before the range its labels need is even asked for")
        #expect(firstFull < loaded)
        #expect(log.index(of: "map-loaded", from: loaded + 1) == nil)
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors)")
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func aGlyphRangeThatIsNotThereDoesNotHoldMapLoaded() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        // A glyph folder with the Latin range only: 1024–1279 is not found.
        let glyphs = run.file("latin-only")
        let stack = glyphs.appendingPathComponent("Open Sans Regular")
        try FileManager.default.createDirectory(at: stack, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("glyphs/Open Sans Regular/0-255.pbf"),
                                         to: stack.appendingPathComponent("0-255.pbf"))
        let log = try load(style(glyphs: glyphs, fixtures: fixtures), in: run)
        let request = try #require(log.index(of: "resource-request", where: isCyrillicGlyphRequest), "\(log.topics)")
        let firstFull = try #require(log.index(of: "render-frame-finished", where: isFull))
        #expect(request < firstFull)
        #expect(log.topics.contains("map-loaded"))
        #expect(log.loadingErrors.contains { $0.type == .glyphs }, "\(log.loadingErrors)")
    }
}

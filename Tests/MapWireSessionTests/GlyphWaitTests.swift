import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// A frame after a renderer asked for glyphs waits a little for them, instead of being drawn without them
/// and drawn again (the Chicago load's extra frame, BENCHMARKS.md).
@Suite struct GlyphWaitTests {
    static let style = #"{"version": 8, "zoom": 1, "center": [0, 0], "glyphs": "https://g.test/{fontstack}/{range}.pbf", "sources": {"v": {"type": "vector", "tiles": ["\#(Fixture.tileTemplate)"], "maxzoom": 14}}, "layers": [{"id": "roads", "type": "line", "source": "v", "source-layer": "road"}]}"#

    /// A loaded style with glyphs; its first frame answered with a need for one more glyph range.
    func askingForGlyphs(ranges: [UInt32] = [8192], needsRepaint: Bool = false) throws -> (SessionHarness, FakePlugin, FakePlugin) {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        h.command(.setStyleJson(.with { $0.json = Self.style }))
        loader.answerAllLoads()
        h.advance(until: { !renderer.frames.isEmpty })
        let first = try #require(renderer.frames.first)
        renderer.answerFrame(first) {
            $0.placementChanged = true
            $0.needsRepaint = needsRepaint
            $0.neededGlyphs = ranges.map { start in .with { $0.fontStack = ["Open Sans Regular"]; $0.rangeStart = start } }
        }
        return (h, loader, renderer)
    }

    @Test func theNextFrameWaitsForTheGlyphsAndIsFull() throws {
        let (h, loader, renderer) = try askingForGlyphs()
        let glyphs = try #require(loader.loads.first { $0.loadResource.request.kind == .glyphs })
        h.advance(16)
        h.advance(16)
        #expect(renderer.frames.isEmpty, "no frame while the glyphs are on their way")
        loader.answerLoad(glyphs)
        h.advance(1)
        let next = try #require(renderer.frames.first)
        renderer.answerFrame(next)
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .full)
        #expect(h.topics.last == "map-idle")
    }

    @Test func theFirstOfTwoRangesDoesNotReleaseTheFrame() throws {
        let (h, loader, renderer) = try askingForGlyphs(ranges: [8192, 8448])
        let glyphs = loader.loads.filter { $0.loadResource.request.kind == .glyphs }
        #expect(glyphs.count == 2)
        h.advance(20)
        loader.answerLoad(glyphs[0])
        h.advance(1)
        #expect(renderer.frames.isEmpty, "a frame now would lack the second range")
        loader.answerLoad(glyphs[1])
        h.advance(1)
        #expect(renderer.frames.count == 1, "the frame goes as soon as both ranges are in")
    }

    @Test func glyphsThatDoNotComeHoldTheFrameFiftyMillisecondsAtMost() throws {
        let (h, _, renderer) = try askingForGlyphs(needsRepaint: true)
        let start = h.time.millis
        h.advance(until: { !renderer.frames.isEmpty }, by: 1, limit: 200)
        #expect(!renderer.frames.isEmpty)
        #expect(h.time.millis - start == FrameMachine.glyphWaitMillis)
    }

    @Test func aHeldFrameDoesNotMakeTheShellSpin() throws {
        let (h, _, renderer) = try askingForGlyphs(needsRepaint: true)
        h.advance(20)
        #expect(renderer.frames.isEmpty)
        #expect(h.session.nextDeadlineMillis > h.time.millis, "woken when the wait ends, not at once")
    }
}

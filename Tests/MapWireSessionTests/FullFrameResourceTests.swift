import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// A full frame is one drawn with every resource it needed: a frame whose renderer still asks for glyph
/// ranges on their way is partial, and map-loaded waits for the frame drawn with them (issue 17, point 4).
@Suite struct FullFrameResourceTests {
    /// The style and tiles are in (the first frame would be full), and the renderer answers that frame
    /// asking for the Cyrillic range.
    func firstFrameAskingForCyrillic() throws -> (SessionHarness, FakePlugin, FakePlugin) {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        h.command(.setStyleJson(.with { $0.json = GlyphWaitTests.style }))
        loader.answerAllLoads()
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first)) {
            $0.neededGlyphs = [.with { $0.fontStack = ["Open Sans Regular"]; $0.rangeStart = 1024 }]
        }
        return (h, loader, renderer)
    }

    func renderModes(_ h: SessionHarness) -> [Mapwire_V1_RenderFrameFinished.RenderMode] {
        h.events("render-frame-finished").compactMap(\.renderFinished?.renderMode)
    }

    @Test func aFrameThatAsksForGlyphsIsPartialAndMapLoadedWaitsForTheFrameWithThem() throws {
        let (h, loader, renderer) = try firstFrameAskingForCyrillic()
        #expect(renderModes(h).last == .partial, "drawn without the Cyrillic labels")
        #expect(!h.topics.contains("map-loaded") && !h.topics.contains("map-idle"))
        let glyphs = try #require(loader.loads.first { $0.loadResource.request.kind == .glyphs })
        #expect(glyphs.loadResource.request.url.contains("1024-1279"))
        loader.answerLoad(glyphs)
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first))
        #expect(renderModes(h).last == .full)
        let topics = h.topics
        let request = try #require(topics.lastIndex(of: "resource-request"))
        let full = try #require(topics.lastIndex(of: "render-frame-finished"))
        let loaded = try #require(topics.firstIndex(of: "map-loaded"))
        #expect(request < full && full < loaded)
        #expect(topics.suffix(2) == ["did-finish-rendering-map", "map-idle"])
    }

    @Test func aGlyphRangeThatFailsToLoadIsSettled() throws {
        let (h, loader, renderer) = try firstFrameAskingForCyrillic()
        let glyphs = try #require(loader.loads.first { $0.loadResource.request.kind == .glyphs })
        loader.fail(glyphs, .notFound)
        h.advance(until: { !renderer.frames.isEmpty })
        // The renderer still lacks the range: it is not asked for again and the frame is full.
        renderer.answerFrame(try #require(renderer.frames.first)) {
            $0.neededGlyphs = [.with { $0.fontStack = ["Open Sans Regular"]; $0.rangeStart = 1024 }]
        }
        #expect(renderModes(h).last == .full)
        #expect(h.topics.contains("map-loaded") && h.topics.last == "map-idle")
        #expect(loader.loads.isEmpty)
    }

    @Test func aFrameTheRendererStoppedBeforeDrawingIsPartialEvenWhenTheRangeIsSettled() throws {
        let (h, loader, renderer) = try firstFrameAskingForCyrillic()
        let glyphs = try #require(loader.loads.first { $0.loadResource.request.kind == .glyphs })
        loader.fail(glyphs, .notFound)
        h.advance(until: { !renderer.frames.isEmpty })
        // A renderer that never asked for the failed range stops before drawing (no size, asks for a
        // repaint): nothing was drawn, so the frame is partial and the next one is drawn.
        renderer.answerFrame(try #require(renderer.frames.first)) {
            $0.neededGlyphs = [.with { $0.fontStack = ["Open Sans Regular"]; $0.rangeStart = 1024 }]
            $0.needsRepaint = true
            $0.width = 0
            $0.height = 0
        }
        #expect(renderModes(h).last == .partial)
        #expect(!h.topics.contains("map-loaded"))
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first)) {
            $0.neededGlyphs = [.with { $0.fontStack = ["Open Sans Regular"]; $0.rangeStart = 1024 }]
        }
        #expect(renderModes(h).last == .full)
        #expect(h.topics.contains("map-loaded") && h.topics.last == "map-idle")
    }

    @Test func anImageNobodyHasDoesNotHoldTheFrame() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        h.command(.setStyleJson(.with { $0.json = GlyphWaitTests.style }))
        loader.answerAllLoads()
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first)) { $0.missingImages = ["nowhere"] }
        #expect(renderModes(h).last == .full)
        #expect(h.topics.contains("style-image-missing") && h.topics.contains("map-loaded"))
    }

    @Test func anImageAddedWhileTheFrameWasDrawnMakesItPartialAndTheNextFrameDrawsIt() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        h.command(.setStyleJson(.with { $0.json = GlyphWaitTests.style }))
        loader.answerAllLoads()
        h.advance(until: { !renderer.frames.isEmpty })
        let first = try #require(renderer.frames.first)
        #expect(h.command(.addStyleImage(.with { $0.id = "pin"; $0.png = Fixture.png }))?.ok == true)
        renderer.answerFrame(first) { $0.missingImages = ["pin"] }
        #expect(renderModes(h).last == .partial && !h.topics.contains("map-loaded"))
        h.advance(until: { !renderer.frames.isEmpty })
        let second = try #require(renderer.frames.first)
        renderer.answerFrame(second) { $0.usedImages = ["pin"] }
        #expect(renderModes(h).last == .full && h.topics.contains("map-loaded"))
    }
}

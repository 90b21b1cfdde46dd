import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Frames through renderer plugins: partial and full, resources sent once, renderers that fail or go.
@Suite struct FrameTests {
    @Test func aFullFrameFromTheRendererEndsInMapLoadedAndMapIdle() throws {
        let (h, _, renderer) = loadedWithRenderer()
        let frame = try #require(renderer.frames.first)
        #expect(frame.renderFrame.frameID == frame.id)
        #expect(frame.renderFrame.resources.contains { $0.kind == .style && $0.dataIncluded })
        #expect(frame.renderFrame.resources.filter { $0.kind == .tile }.count == 4)
        #expect(frame.deadlineUnixNanos == 0, "a frame names no deadline of its own")
        renderer.answerFrame(frame)
        #expect(h.topics.suffix(4) == ["render-frame-finished", "map-loaded", "did-finish-rendering-map", "map-idle"])
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .full)
    }

    @Test func aFrameBeforeTheTilesArriveIsPartial() throws {
        let h = SessionHarness()
        _ = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        h.setInlineStyle()
        h.advance(until: { !renderer.frames.isEmpty })
        let frame = try #require(renderer.frames.first)
        #expect(frame.renderFrame.resources.allSatisfy { $0.kind != .tile })
        renderer.answerFrame(frame)
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .partial)
        #expect(!h.topics.contains("map-loaded"))
    }

    @Test func bytesARendererHasAreNotSentAgain() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(.setCamera(.with { $0.zoom = 1.2 }))
        h.advance(until: { !renderer.frames.isEmpty })
        let second = try #require(renderer.frames.first)
        let style = try #require(second.renderFrame.resources.first { $0.kind == .style })
        #expect(!style.dataIncluded && style.data.isEmpty)
    }

    @Test func missingKeysAreSentAgainUnderTheSameFrame() throws {
        let (h, _, renderer) = loadedWithRenderer()
        let frame = try #require(renderer.frames.first)
        let styleKey = frame.renderFrame.styleKey
        renderer.answerFrame(frame)
        h.command(.setCamera(.with { $0.zoom = 1.2 }))
        h.advance(until: { !renderer.frames.isEmpty })
        let second = try #require(renderer.frames.first)
        renderer.reply(second, .renderResult(.with { $0.frameID = second.id; $0.missingKeys = [styleKey] }))
        let resent = try #require(renderer.requests.last)
        #expect(resent.id == second.id)
        #expect(resent.renderFrame.resources.first { $0.key == styleKey }?.dataIncluded == true)
        #expect(h.events("render-frame-finished").count == 1, "the frame is still being drawn")
    }

    @Test func aFrameWhoseRendererGoesMovesToAnotherRenderer() throws {
        let (h, _, first) = loadedWithRenderer()
        let frame = try #require(first.frames.first)
        let second = h.plugin("second", roles: ["renderer"])
        first.goodbye()
        let moved = try #require(second.frames.first)
        #expect(moved.id == frame.id)
        #expect(moved.renderFrame.resources.first { $0.kind == .style }?.dataIncluded == true, "the new renderer has nothing yet")
        second.answerFrame(moved)
        #expect(h.topics.contains("map-loaded"))
    }

    @Test func aFrameWhoseOnlyRendererGoesIsFinishedUndrawnAndDrawnAgainWithoutIt() throws {
        let (h, _, renderer) = loadedWithRenderer()
        _ = try #require(renderer.frames.first)
        renderer.goodbye()
        let finished = h.events("render-frame-finished").compactMap(\.renderFinished)
        #expect(finished.first?.needsRepaint == true)
        h.advance(until: { h.topics.contains("map-idle") })
        #expect(h.topics.contains("map-loaded"))
    }

    @Test func aRendererThatDoesNotAnswerInTimeHasItsFrameAbandoned() throws {
        let (h, _, renderer) = loadedWithRenderer { $0.renderTimeoutMilliseconds = 500 }
        let frame = try #require(renderer.frames.first)
        h.advance(499)
        #expect(h.events("render-frame-finished").isEmpty)
        h.advance(1)
        #expect(h.events("render-frame-finished").first?.renderFinished?.needsRepaint == true)
        h.advance(until: { renderer.frames.count == 2 })
        #expect(renderer.frames.last?.id != frame.id, "the next frame is a new one")
        renderer.answerFrame(frame)
        #expect(h.state.counters.lateRepliesDropped == 1)
    }

    @Test func aSnapshotIsAnsweredWithTheFullFramesImage() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        let client = h.client()
        #expect(h.command(.snapshot(.with { $0.returnImage = true }), from: client) == nil)
        h.advance(until: { !renderer.frames.isEmpty })
        let frame = try #require(renderer.frames.first)
        #expect(frame.renderFrame.returnImage)
        renderer.answerFrame(frame) { $0.png = Fixture.png; $0.width = 512; $0.height = 512 }
        let reply = try #require(h.sent.last { $0.to == client }?.message)
        guard case .commandReply(let r) = reply.body else { Issue.record("no reply"); return }
        #expect(r.ok && r.snapshot.png == Fixture.png && r.snapshot.width == 512)
    }

    @Test func aSnapshotWithoutARendererIsRefused() throws {
        let h = SessionHarness()
        let reply = try #require(h.command(.snapshot(.init())))
        #expect(!reply.ok)
        #expect(reply.error.contains("no renderer"))
    }

    @Test func aRendererErrorFinishesTheFrameAndFailsItsSnapshot() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        let client = h.client()
        h.command(.snapshot(.init()), from: client)
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.reply(try #require(renderer.frames.first), .error(.with { $0.message = "out of memory" }))
        guard case .commandReply(let r) = h.sent.last(where: { $0.to == client })?.message.body else { Issue.record("no reply"); return }
        #expect(!r.ok && r.error.contains("out of memory"))
    }
}

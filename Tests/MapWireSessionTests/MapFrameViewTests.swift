import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// A render-view without a camera is the map's own frame (what `mapwire serve`'s live view shows): drawn
/// once, as the map's frame with its image, never a second time beside it; and a view's tiles do not make
/// the map draw its own frame.
@Suite struct MapFrameViewTests {
    static let commander = Data("commander".utf8)
    static let mapFrame = Mapwire_V1_Command.OneOf_Kind.renderView(.with { $0.timeoutMs = 2000 })

    /// Every frame the renderer was asked to draw, answered or not.
    static func allFrames(_ h: SessionHarness, _ renderer: FakePlugin) -> [Mapwire_V1_PluginRequest] {
        h.messages(to: renderer.identity).compactMap { message -> Mapwire_V1_PluginRequest? in
            if case .request(let request) = message.body, case .renderFrame = request.kind { request } else { nil }
        }
    }

    /// The map's own frames, answered or not (views in these tests are at zoom 3).
    static func mapFrames(_ h: SessionHarness, _ renderer: FakePlugin) -> [Mapwire_V1_PluginRequest] {
        allFrames(h, renderer).filter { $0.renderFrame.camera.zoom != 3 }
    }

    @Test func theMapsFrameIsDrawnOnceWithItsImageAndHandedOverAgainWhileNothingChanged() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        let first = try #require(renderer.frames.first)
        #expect(!first.renderFrame.returnImage, "nobody watches: no image")
        renderer.answerFrame(first)
        h.advance(200)
        let count = Self.allFrames(h, renderer).count
        #expect(h.command(Self.mapFrame) == nil, "answered when the frame is drawn")
        let id = h.lastCommandID
        h.advance(until: { Self.allFrames(h, renderer).count == count + 1 }, limit: 2000)
        let drawn = try #require(renderer.frames.last)
        #expect(drawn.renderFrame.returnImage && drawn.renderFrame.camera.width == h.camera.width, "the map's frame, with its image")
        renderer.answerFrame(drawn) { $0.png = Fixture.png; $0.width = 512; $0.height = 512 }
        let reply = try #require(h.reply(to: id, for: Self.commander))
        #expect(reply.ok && reply.snapshot.png == Fixture.png && reply.snapshot.width == 512)

        // Nothing changed since: the same image at once, nothing drawn.
        let again = try #require(h.command(Self.mapFrame))
        #expect(again.ok && again.snapshot.png == Fixture.png)
        h.advance(200)
        #expect(Self.allFrames(h, renderer).count == count + 1)

        // The camera moves: the map's next full frames (drawn anyway, as its tiles come) are drawn with their
        // image; the first full one answers; nothing else is drawn.
        h.command(.jumpTo(.with { $0.zoom = 5 }))
        #expect(h.command(Self.mapFrame) == nil)
        let moved = h.lastCommandID
        h.advance(until: {
            loader.answerAllLoads()
            for frame in renderer.frames { renderer.answerFrame(frame) { $0.png = Data([1, 2, 3]) } }
            return h.reply(to: moved, for: Self.commander) != nil
        }, limit: 2000)
        #expect(h.reply(to: moved, for: Self.commander)?.snapshot.png == Data([1, 2, 3]))
        let since = Self.allFrames(h, renderer).dropFirst(count + 1)
        #expect(!since.isEmpty && since.allSatisfy { $0.renderFrame.returnImage && $0.renderFrame.camera.zoom == 5 }, "only the map's frames")
        h.advance(200)
        #expect(renderer.frames.isEmpty, "nothing more drawn")
    }

    @Test func aMapFrameViewNoFrameAnswersFailsBusyAndBadOnesAreRefused() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(.renderView(.with { $0.timeoutMs = 300 }))
        let id = h.lastCommandID
        h.advance(until: { h.reply(to: id, for: Self.commander) != nil }, limit: 2000)
        let reply = try #require(h.reply(to: id, for: Self.commander))
        #expect(!reply.ok && reply.errorCode == .busy, "the renderer never drew the frame")
        let overlay = try #require(h.command(.renderView(.with {
            $0.overlay = .with { $0.annotations = [.with { $0.annotation = .with { $0.id = "p"; $0.point = .init() } }] }
        })))
        #expect(!overlay.ok && overlay.errorCode == .invalidArgument)
        let empty = SessionHarness()
        _ = empty.plugin("renderer", roles: ["renderer"])
        let noStyle = try #require(empty.command(Self.mapFrame))
        #expect(!noStyle.ok && noStyle.errorCode == .refusedInState)
    }

    @Test func aViewsTilesDoNotMakeTheMapDrawItsOwnFrame() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.advance(100)
        let before = Self.mapFrames(h, renderer).count
        h.command(ViewTests.view())
        loader.answerAllLoads()
        h.advance(until: { !ViewTests.viewFrames(renderer).isEmpty }, limit: 2000)
        h.advance(200)
        #expect(Self.mapFrames(h, renderer).count == before, "the map's view did not change: no frame of it")
        #expect(h.events("map-idle").count == 1, "nor map-idle again")
        #expect(!ViewTests.viewFrames(renderer).isEmpty, "the view was drawn")
    }
}

import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Queries through the whole session: asked of a renderer with the map's frame as it is, answered with
/// the renderer's features; bad queries refused at once, leaving the map and the renderer alone.
@Suite struct QueryTests {
    static let commander = Data("commander".utf8)

    static func queries(_ renderer: FakePlugin) -> [Mapwire_V1_PluginRequest] {
        renderer.unanswered.filter { if case .queryFeatures = $0.kind { true } else { false } }
    }

    /// A loaded map whose first frame the renderer drew (so it holds the frame's bytes).
    func drawn() throws -> (SessionHarness, FakePlugin, FakePlugin) {
        let (h, loader, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        return (h, loader, renderer)
    }

    @Test func aQueryIsAskedAboutTheMapsFrameAndAnsweredWithTheRenderersFeatures() throws {
        let (h, _, renderer) = try drawn()
        #expect(h.command(QueryMachineTests.point(100, 200, layers: ["roads"])) == nil, "answered when the renderer is")
        let id = h.lastCommandID
        let asked = try #require(Self.queries(renderer).first)
        let frame = asked.queryFeatures.frame
        #expect(frame.camera == h.camera, "the map's camera and size")
        #expect(!frame.styleKey.isEmpty && frame.resources.contains { $0.key == frame.styleKey })
        #expect(frame.resources.contains { $0.kind == .tile })
        #expect(frame.resources.allSatisfy { !$0.dataIncluded }, "the renderer has every byte from the frame it drew")
        #expect(asked.queryFeatures.rendered.point.x == 100 && asked.queryFeatures.rendered.layers == ["roads"])
        renderer.reply(asked, .queryFeaturesResult(.with { $0.featuresJson = #"[{"type":"Feature","properties":{}}]"#; $0.count = 1 }))
        let reply = try #require(h.reply(to: id, for: Self.commander))
        #expect(reply.ok && reply.features.count == 1 && reply.features.featuresJson.hasPrefix("[{"))
    }

    @Test func aSourceQueryGoesTheSameWay() throws {
        let (h, _, renderer) = try drawn()
        h.command(QueryMachineTests.source("v", layer: "road"))
        let asked = try #require(Self.queries(renderer).first)
        #expect(asked.queryFeatures.source.source == "v" && asked.queryFeatures.source.sourceLayer == "road")
        renderer.reply(asked, .queryFeaturesResult(.with { $0.featuresJson = "[]" }))
        #expect(h.reply(to: h.lastCommandID, for: Self.commander)?.features.featuresJson == "[]")
    }

    @Test func aRendererMissingBytesGetsThemAndThenAnswers() throws {
        let (h, _, renderer) = loadedWithRenderer()
        h.command(QueryMachineTests.point(1, 1))
        let asked = try #require(Self.queries(renderer).first)
        let tile = try #require(asked.queryFeatures.frame.resources.first { $0.kind == .tile })
        renderer.reply(asked, .queryFeaturesResult(.with { $0.missingKeys = [tile.key] }))
        let again = try #require(renderer.requests.last)
        #expect(again.id == asked.id)
        #expect(again.queryFeatures.frame.resources.first { $0.key == tile.key }?.dataIncluded == true)
        renderer.reply(again, .queryFeaturesResult(.with { $0.featuresJson = "[]" }))
        #expect(h.reply(to: h.lastCommandID, for: Self.commander)?.ok == true)
    }

    @Test func aRendererThatCannotAnswerOrDoesNotAnswerRefusesTheQuery() throws {
        let (h, _, renderer) = try drawn()
        h.command(QueryMachineTests.point(1, 1))
        renderer.reply(try #require(Self.queries(renderer).first), .queryFeaturesResult(.with { $0.error = "the style has no layer \"x\"" }))
        let failed = try #require(h.reply(to: h.lastCommandID, for: Self.commander))
        #expect(!failed.ok && failed.errorCode == .refusedInState && failed.error.contains("no layer"))

        h.command(QueryMachineTests.point(1, 1))
        let id = h.lastCommandID
        h.advance(until: { h.reply(to: id, for: Self.commander) != nil }, limit: 120_000)
        let silent = try #require(h.reply(to: id, for: Self.commander))
        #expect(!silent.ok && silent.errorCode == .busy)
    }

    @Test func badQueriesAreRefusedAtOnceAndTheMapAndRendererAreLeftAlone() throws {
        let (h, _, renderer) = try drawn()
        let camera = h.camera
        let asked = renderer.requests.count
        let bad: [(Mapwire_V1_Command.OneOf_Kind, Mapwire_V1_CommandErrorCode)] = [
            (QueryMachineTests.box(.nan, 0, 10, 10), .invalidArgument),
            (QueryMachineTests.box(0, 0, 1e9, 1e9), .invalidArgument),
            (QueryMachineTests.point(1, 1, layers: ["no-such-layer"]), .notFound),
            (QueryMachineTests.point(1, 1, filter: #"["==", "class""#), .invalidArgument),
            (QueryMachineTests.source("no-such-source", layer: "x"), .notFound),
            (QueryMachineTests.source("v"), .invalidArgument),
        ]
        for (kind, code) in bad {
            let reply = try #require(h.command(kind), "refused at once")
            #expect(!reply.ok && reply.errorCode == code, "\(reply.error)")
            #expect(!reply.error.isEmpty)
        }
        #expect(renderer.requests.count == asked, "the renderer was asked nothing")
        #expect(h.camera == camera)
        #expect(h.command(QueryMachineTests.point(5, 5)) == nil, "the next good query goes ahead")
        #expect(Self.queries(renderer).count == 1)
    }

    @Test func aQueryWithoutAStyleOrARendererIsRefusedInState() throws {
        let empty = SessionHarness()
        _ = empty.plugin("renderer", roles: ["renderer"])
        let noStyle = try #require(empty.command(QueryMachineTests.point(1, 1)))
        #expect(!noStyle.ok && noStyle.errorCode == .refusedInState && noStyle.error.contains("no style"))
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.setInlineStyle()
        loader.answerAllLoads()
        let noRenderer = try #require(h.command(QueryMachineTests.point(1, 1)))
        #expect(!noRenderer.ok && noRenderer.errorCode == .refusedInState && noRenderer.error.contains("renderer"))
    }
}

import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Views (render-view): drawn at their own camera without moving the map's, spread over renderers,
/// never lost to a renderer that goes or hangs.
@Suite struct ViewTests {
    static func view(zoom: Double = 3, lon: Double = 10, lat: Double = 20, size: UInt32 = 256) -> Mapwire_V1_Command.OneOf_Kind {
        .renderView(.with {
            $0.camera = .with {
                $0.center = .with { $0.longitude = lon; $0.latitude = lat }
                $0.zoom = zoom
                $0.width = size
                $0.height = size
            }
        })
    }

    /// Views waiting for a renderer (the map's own frame is answered first so it is out of the way).
    static func viewFrames(_ renderer: FakePlugin) -> [Mapwire_V1_PluginRequest] {
        renderer.frames.filter { $0.renderFrame.camera.zoom == 3 }
    }

    @Test func aViewLoadsItsTilesIsDrawnAtItsCameraAndLeavesTheMapCameraAlone() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        let before = h.camera
        #expect(h.command(Self.view()) == nil, "answered once drawn")
        let id = h.lastCommandID
        #expect(!loader.loads.isEmpty, "the view's zoom-3 tiles are loaded")
        #expect(loader.loads.allSatisfy { $0.loadResource.request.url.hasPrefix("https://t.test/3/") })
        #expect(Self.viewFrames(renderer).isEmpty, "not drawn before its tiles are there")
        loader.answerAllLoads()
        let frame = try #require(Self.viewFrames(renderer).first)
        #expect(frame.renderFrame.camera.width == 256 && frame.renderFrame.returnImage)
        #expect(frame.renderFrame.resources.filter { $0.kind == .tile }.allSatisfy { $0.tileID.z == 3 })
        #expect(!frame.renderFrame.resources.filter { $0.kind == .tile }.isEmpty)
        renderer.answerFrame(frame) { $0.png = Fixture.png; $0.width = 256; $0.height = 256 }
        let reply = try #require(h.reply(to: id, for: Data("commander".utf8)))
        #expect(reply.ok && reply.snapshot.png == Fixture.png && reply.snapshot.width == 256)
        #expect(h.camera == before, "the map's camera did not move")
        #expect(h.session.map.heldViewCount == 0)
    }

    @Test func viewsAreSpreadOverRenderersAndOneThatGoesHandsItsViewOn() throws {
        let (h, loader, first) = loadedWithRenderer()
        first.answerFrame(try #require(first.frames.first))
        let second = h.plugin("second", roles: ["renderer"])
        for _ in 0..<4 { h.command(Self.view()) }
        loader.answerAllLoads()
        let onFirst = Self.viewFrames(first), onSecond = Self.viewFrames(second)
        #expect(!onFirst.isEmpty && !onSecond.isEmpty, "both renderers draw views")
        #expect(onFirst.count + onSecond.count == 4)
        first.goodbye()
        h.advance(until: { Self.viewFrames(second).count == 4 })
        for frame in Self.viewFrames(second) { second.answerFrame(frame) { $0.png = Fixture.png } }
        let commander = Data("commander".utf8)
        let replies = (1...h.lastCommandID).compactMap { h.reply(to: $0, for: commander) }.filter { $0.snapshot.png == Fixture.png }
        #expect(replies.count == 4, "no view was lost")
    }

    @Test func aRendererThatHangsHasItsViewDrawnByAnother() throws {
        let (h, loader, first) = loadedWithRenderer { $0.renderTimeoutMilliseconds = 500 }
        first.answerFrame(try #require(first.frames.first))
        h.command(Self.view())
        let id = h.lastCommandID
        loader.answerAllLoads()
        let hung = try #require(Self.viewFrames(first).first)
        let second = h.plugin("second", roles: ["renderer"])
        h.advance(until: { !Self.viewFrames(second).isEmpty }, limit: 2000)
        let retried = try #require(Self.viewFrames(second).first)
        #expect(retried.id == hung.id)
        second.answerFrame(retried) { $0.png = Fixture.png }
        #expect(h.reply(to: id, for: Data("commander".utf8))?.ok == true)
    }

    @Test func badViewsAreRefusedWithAReason() throws {
        let (h, _, _) = loadedWithRenderer()
        let tooBig = try #require(h.command(Self.view(size: 100_000)))
        #expect(!tooBig.ok && tooBig.errorCode == .invalidArgument)
        let badZoom = try #require(h.command(Self.view(zoom: 30)))
        #expect(!badZoom.ok && badZoom.errorCode == .invalidArgument)
        let empty = SessionHarness()
        _ = empty.plugin("renderer", roles: ["renderer"])
        let noStyle = try #require(empty.command(Self.view()))
        #expect(!noStyle.ok && noStyle.errorCode == .refusedInState)
        let noRenderer = try #require(SessionHarness().command(Self.view()))
        #expect(!noRenderer.ok && noRenderer.errorCode == .refusedInState)
    }

    @Test func aViewWhoseTilesNeverComeFailsAtItsDeadline() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(.renderView(.with {
            $0.camera = .with { $0.zoom = 3; $0.width = 64; $0.height = 64 }
            $0.timeoutMs = 300
        }))
        let id = h.lastCommandID
        h.advance(until: { h.reply(to: id, for: Data("commander".utf8)) != nil }, limit: 2000)
        let reply = try #require(h.reply(to: id, for: Data("commander".utf8)))
        #expect(!reply.ok && reply.errorCode == .busy)
        #expect(h.session.map.heldViewCount == 0)
    }
}

extension ViewTests {
    @Test func aViewNoRendererDrawsInItsTimeFailsBusy() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(.renderView(.with {
            $0.camera = .with { $0.zoom = 3; $0.width = 64; $0.height = 64 }
            $0.timeoutMs = 400
        }))
        let id = h.lastCommandID
        loader.answerAllLoads()
        #expect(!Self.viewFrames(renderer).isEmpty, "sent to the renderer, which never answers")
        h.advance(until: { h.reply(to: id, for: Data("commander".utf8)) != nil }, limit: 2000)
        let reply = try #require(h.reply(to: id, for: Data("commander".utf8)))
        #expect(!reply.ok && reply.errorCode == .busy && reply.error.contains("in time"))
        #expect(h.session.map.heldViewCount == 0)
    }
}

extension ViewTests {
    @Test func aViewsOwnOverlayTravelsWithItAndBadOverlaysAreRefused() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        let line = Mapwire_V1_DrawnAnnotation.with {
            $0.annotation = .with { $0.id = "p"; $0.polyline = .with { $0.coordinates = [.with { $0.longitude = 1 }, .with { $0.longitude = 2 }] } }
            $0.strokeColor = "#00f"
            $0.lineWidth = 3
        }
        h.command(.renderView(.with {
            $0.camera = .with { $0.zoom = 3; $0.width = 64; $0.height = 64 }
            $0.overlay = .with { $0.annotations = [line] }
        }))
        loader.answerAllLoads()
        let frame = try #require(Self.viewFrames(renderer).first)
        let overlays = frame.renderFrame.resources.filter { $0.kind == .annotations }
        #expect(overlays.count == 1 && overlays[0].key.hasPrefix("view-overlay-"))
        #expect(try Mapwire_V1_AnnotationOverlay(serializedBytes: overlays[0].data).annotations == [line])

        var short = line
        short.annotation.polyline.coordinates = [.init()]
        let refused = try #require(h.command(.renderView(.with {
            $0.camera = .with { $0.zoom = 3; $0.width = 64; $0.height = 64 }
            $0.overlay = .with { $0.annotations = [short] }
        })))
        #expect(!refused.ok && refused.errorCode == .invalidArgument)
        var far = line
        far.annotation.polyline.coordinates[0].latitude = .nan
        let offMap = try #require(h.command(.renderView(.with {
            $0.camera = .with { $0.zoom = 3; $0.width = 64; $0.height = 64 }
            $0.overlay = .with { $0.annotations = [far] }
        })))
        #expect(!offMap.ok && offMap.errorCode == .invalidArgument)
    }
}

/// A view drawn without tiles it needed says so in its reply (SnapshotResult.failed_loads): the server
/// never answers it as a success. An empty tile (204, a 404 hole) is no failure.
@Suite struct ViewFailedLoadTests {
    @Test func failedTilesAreListedInTheReplyAndEmptyOnesAreNot() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(ViewTests.view())
        let id = h.lastCommandID
        let tiles = loader.loads.filter { $0.loadResource.request.url.hasPrefix("https://t.test/3/") }
        #expect(tiles.count >= 2)
        loader.reply(tiles[0], .resource(.with {
            $0.dataSource = .network
            $0.response = .with { $0.source = .network; $0.error = .with { $0.reason = .server; $0.message = "HTTP 500 server error" } }
        }))
        loader.reply(tiles[1], .resource(.with { $0.dataSource = .network; $0.response = .with { $0.source = .network; $0.noContent = true } }))
        loader.answerAllLoads()
        let frame = try #require(ViewTests.viewFrames(renderer).first)
        renderer.answerFrame(frame) { $0.png = Fixture.png }
        let reply = try #require(h.reply(to: id, for: Data("commander".utf8)))
        #expect(reply.ok && reply.snapshot.failedLoads.count == 1)
        let failed = try #require(reply.snapshot.failedLoads.first)
        #expect(failed.type == .tile && failed.reason == .server && failed.message == "HTTP 500 server error")
        #expect(failed.url == tiles[0].loadResource.request.url && failed.hasTileID && failed.tileID.z == 3)
    }
}

/// The sprite and glyphs are data a view needs like its tiles: drawn without them, it says so.
@Suite struct ViewSpriteAndGlyphFailureTests {
    static let style = #"{"version": 8, "zoom": 1, "center": [0, 0], "sprite": "https://s.test/sprite", "glyphs": "https://s.test/fonts/{fontstack}/{range}.pbf", "sources": {"v": {"type": "vector", "tiles": ["https://t.test/{z}/{x}/{y}.pbf"], "maxzoom": 14}}, "layers": [{"id": "labels", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"text-field": "{name}", "icon-image": "shop"}}]}"#

    @Test func aViewDrawnWithoutTheSpriteOrAGlyphRangeListsThemAsFailedLoads() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: [PluginRole.loader])
        let renderer = h.plugin("renderer", roles: [PluginRole.renderer])
        h.command(.setStyleJson(.with { $0.json = Self.style }))
        for url in ["https://s.test/sprite.json", "https://s.test/sprite.png"] {
            loader.fail(try #require(loader.load(for: url)), .notFound)
        }
        loader.answerAllLoads()
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(ViewTests.view())
        let id = h.lastCommandID
        loader.answerAllLoads()
        let needed = Mapwire_V1_GlyphRange.with { $0.fontStack = ["Noto Sans Regular"]; $0.rangeStart = 0 }
        // The first draw names a glyph range the map has not loaded: it is asked for, and fails.
        renderer.answerFrame(try #require(ViewTests.viewFrames(renderer).first)) { $0.neededGlyphs = [needed]; $0.missingImages = ["shop"] }
        loader.fail(try #require(loader.loads.first { $0.loadResource.request.kind == .glyphs }), .notFound)
        // Drawn again without it.
        h.advance(until: { !ViewTests.viewFrames(renderer).isEmpty })
        renderer.answerFrame(try #require(ViewTests.viewFrames(renderer).first)) {
            $0.neededGlyphs = [needed]; $0.missingImages = ["shop"]; $0.png = Fixture.png
        }
        let reply = try #require(h.reply(to: id, for: Data("commander".utf8)))
        #expect(reply.ok)
        #expect(reply.snapshot.failedLoads.map(\.type) == [.sprite, .glyphs])
        #expect(reply.snapshot.failedLoads.first?.reason == .notFound)
        #expect(reply.snapshot.failedLoads.last?.url.hasPrefix("https://s.test/fonts/") == true)
    }
}

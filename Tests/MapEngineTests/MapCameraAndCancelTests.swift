import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// Tiles that the view stops needing are cancelled; new styles drop the old one's loads; idle comes back.
@Suite struct MapCameraAndCancelTests {
    let origin = LngLat(longitude: 0, latitude: 0)
    /// At zoom 2 a 512 px view centred here spans tile x 2.5...3.5 (tiles 2 and 3).
    let east = LngLat(longitude: 90, latitude: 0)

    @Test func panningCancelsPendingTilesNoLongerNeeded() throws {
        let h = MapHarness()
        try h.map.setCamera(center: origin, zoom: 2, bearing: nil, pitch: nil)
        try h.map.setStyleJSON(Fixture.style(), baseURL: nil)
        _ = h.drain()
        let before = h.newLoads()
        #expect(Set(before.compactMap(\.tileID)) == [
            Fixture.tile(2, 1, 1), Fixture.tile(2, 2, 1), Fixture.tile(2, 1, 2), Fixture.tile(2, 2, 2),
        ])
        try h.answerTiles([Fixture.tile(2, 2, 1)])
        _ = h.drain()

        try h.map.setCamera(center: east, zoom: nil, bearing: nil, pitch: nil)
        let dropped = before.filter { $0.tileID?.x == 1 }
        let events = h.drainEvents()
        // The cancels come while the camera changes: between camera-changed and camera-did-change.
        #expect(events.prefix(2).map(\.summary) == ["camera-will-change", "camera-changed"])
        #expect(events.last?.summary == "camera-did-change")
        let cancels = events.dropFirst(2).dropLast()
        #expect(cancels.map(\.summary).sorted()
            == dropped.map { "resource-request tile \($0.request.url) cancelled" }.sorted())
        for event in cancels {
            let request = try #require(event.resourceRequest)
            #expect(request.cancelled && request.response == nil)
            #expect(request.dataSource == .resourceLoader)
        }
        #expect(Set(h.effects.cancelled) == Set(dropped.map(\.id)))
        #expect(h.effects.cancelled.count == 2)
        // Only the tiles not already loaded or loading are asked for.
        #expect(Set(h.newLoads().compactMap(\.tileID)) == [Fixture.tile(2, 3, 1), Fixture.tile(2, 3, 2)])
        #expect(Set(h.map.visibleTiles(of: "v")) == [
            Fixture.tile(2, 2, 1), Fixture.tile(2, 3, 1), Fixture.tile(2, 2, 2), Fixture.tile(2, 3, 2),
        ])
        #expect(h.map.pendingLoadCount == 3)

        // Late answers to cancelled loads change nothing.
        for load in dropped { h.map.resourceFinished(load.id, .ok(Data([9]))) }
        #expect(h.drain() == [])
        #expect(h.map.pendingLoadCount == 3)
        #expect(h.map.tileData(of: "v", Fixture.tile(2, 1, 1)) == nil)

        // The tile that stayed needed is still answered normally.
        try h.answerTiles([Fixture.tile(2, 2, 2), Fixture.tile(2, 3, 1), Fixture.tile(2, 3, 2)])
        #expect(h.drain().last == "source-data-loaded tile v 2/3/2 loaded=true")
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func cachedTilesAreNotRequestedAgainWhenPanningBack() throws {
        let h = MapHarness()
        let first = try h.loadInlineStyle(camera: Camera(center: origin, zoom: 2))
        #expect(first.count == 4)

        try h.map.setCamera(center: east, zoom: nil, bearing: nil, pitch: nil)
        #expect(h.drain() == ["camera-will-change", "camera-changed", "camera-did-change"])
        let panned = h.newLoads().compactMap(\.tileID)
        #expect(Set(panned) == [Fixture.tile(2, 3, 1), Fixture.tile(2, 3, 2)])
        try h.answerTiles(panned)
        h.map.renderFrame()
        _ = h.drain()

        try h.map.setCamera(center: origin, zoom: nil, bearing: nil, pitch: nil)
        #expect(h.drain() == ["camera-will-change", "camera-changed", "camera-did-change"])
        #expect(h.newLoads().isEmpty)
        #expect(h.effects.cancelled.isEmpty)
        #expect(h.map.visibleTiles(of: "v") == first)
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-idle"])
        #expect(h.effects.count("map-loaded") == 1)
    }

    @Test func idleWaitsForPendingLoadsAndComesBackAfterACameraChange() throws {
        let h = MapHarness()
        try h.map.setCamera(center: origin, zoom: 1, bearing: nil, pitch: nil)
        try h.map.setStyleJSON(Fixture.style(), baseURL: nil)
        let tiles = h.cover()
        #expect(tiles.count == 4)
        for tile in tiles.dropLast() {
            try h.answerTiles([tile])
            h.map.renderFrame()
            #expect(h.map.pendingLoadCount > 0)
        }
        #expect(h.effects.count("map-idle") == 0)
        #expect(h.effects.count("map-loaded") == 0)
        _ = h.drain()
        try h.answerTiles([tiles[3]])
        h.map.renderFrame()
        #expect(h.drain().suffix(2) == ["map-loaded", "map-idle"])
        h.map.renderFrame()
        #expect(h.effects.count("map-idle") == 1)
        _ = h.drain()
        _ = h.newLoads()

        try h.map.setCamera(center: nil, zoom: 2, bearing: nil, pitch: nil)
        let next = h.newLoads().compactMap(\.tileID)
        #expect(next.count == 4 && next.allSatisfy { $0.z == 2 })
        h.map.renderFrame()
        #expect(h.drain() == ["camera-will-change", "camera-changed", "camera-did-change", "render-frame-started", "render-frame-finished partial"])
        try h.answerTiles(Array(next.dropLast()))
        h.map.renderFrame()
        #expect(h.drain().suffix(2) == ["render-frame-started", "render-frame-finished partial"])
        try h.answerTiles([next[3]])
        h.map.renderFrame()
        #expect(h.drain().suffix(3) == ["render-frame-started", "render-frame-finished full", "map-idle"])
        #expect(h.effects.count("map-idle") == 2)
        #expect(h.effects.count("map-loaded") == 1)
    }

    @Test func aFrameThatNeedsRepaintIsNotIdleAndAsksForAnotherFrame() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(), baseURL: nil)
        try h.answerTiles([Fixture.tile(0, 0, 0)])
        _ = h.drain()
        let framesBefore = h.effects.framesNeeded
        let frame = try #require(h.map.beginFrame())
        #expect(frame.full)
        h.map.finishFrame(frame, needsRepaint: true)
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-loaded"])
        #expect(h.effects.framesNeeded == framesBefore + 1)
        #expect(h.map.wantsFrame)
        h.map.renderFrame()
        #expect(h.drain() == ["render-frame-started", "render-frame-finished full", "map-idle"])
    }

    @Test func frameRequestsAreCoalescedUntilTheFrameRuns() throws {
        let h = MapHarness()
        try h.map.setCamera(center: origin, zoom: 1, bearing: nil, pitch: nil)
        try h.map.setStyleJSON(Fixture.style(), baseURL: nil)
        #expect(h.effects.framesNeeded == 1)
        try h.answerTiles(h.cover())
        #expect(h.effects.framesNeeded == 1)
        h.map.renderFrame()
        try h.map.setCamera(center: nil, zoom: 1.5, bearing: nil, pitch: nil)
        #expect(h.effects.framesNeeded == 2)
    }

    @Test func newStyleCancelsEverythingPendingAndIgnoresLateReplies() throws {
        let h = MapHarness()
        h.map.setStyleURI(Fixture.styleURL)
        try h.answer(Fixture.styleURL, Fixture.streetsStyle)
        let oldSprite = h.newLoads().filter { $0.request.kind != .style }
        #expect(oldSprite.count == 2)
        _ = h.drain()

        let secondURL = "https://maps.test/styles/second.json"
        h.map.setStyleURI(secondURL)
        #expect(h.drain().sorted() == [
            "resource-request sprite-image \(Fixture.spritePNGURL) cancelled",
            "resource-request sprite-json \(Fixture.spriteJSONURL) cancelled",
        ])
        #expect(Set(h.effects.cancelled) == Set(oldSprite.map(\.id)))
        #expect(h.newLoads().map(\.request.url) == [secondURL])
        #expect(h.map.loadPhase == .loadingStyle)
        #expect(h.map.style == nil)

        h.map.resourceFinished(oldSprite[0].id, .ok(Data(Fixture.spriteIndex.utf8)))
        h.map.resourceFinished(oldSprite[1].id, .ok(Fixture.png))
        #expect(h.drain() == [])
        #expect(h.map.loadPhase == .loadingStyle)

        try h.answer(secondURL, Fixture.style())
        #expect(h.drain() == [
            "resource-request style \(secondURL)", "style-data-loaded style", "style-data-loaded sprite",
            "source-data-loaded metadata v", "style-data-loaded sources", "style-loaded",
        ])
        // The second style has no camera of its own: the first style's camera stays.
        #expect(h.map.camera.zoom == 2.5)
        try h.answerTiles(h.cover())
        h.map.renderFrame()
        #expect(h.drain().suffix(4) == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
    }

    @Test func mapLoadedComesAgainForANewStyle() throws {
        let h = MapHarness()
        try h.loadInlineStyle(camera: Camera(center: origin, zoom: 2))
        #expect(h.effects.count("map-loaded") == 1)
        // Pan so tiles are loading, then switch style: those loads are cancelled.
        try h.map.setCamera(center: east, zoom: nil, bearing: nil, pitch: nil)
        let panned = h.newLoads()
        #expect(panned.count == 2)
        _ = h.drain()

        h.map.setStyleURI(Fixture.styleURL)
        #expect(h.drain().count == 2)
        #expect(Set(h.effects.cancelled) == Set(panned.map(\.id)))
        for load in panned { h.map.resourceFinished(load.id, .ok(Data([1]))) }
        #expect(h.drain() == [])
        h.map.renderFrame()
        #expect(h.drain() == [])  // nothing to draw while the new style loads

        try h.answer(Fixture.styleURL, Fixture.style(sources: #""w": {"type": "vector", "tiles": ["https://maps.test/w/{z}/{x}/{y}.pbf"]}"#,
                                                      layers: [#"{"id": "w", "type": "fill", "source": "w"}"#]))
        let tiles = h.newLoads().filter { $0.request.kind == .tile }
        #expect(tiles.count == 4)
        #expect(tiles.allSatisfy { $0.sourceID == "w" && $0.request.url.hasPrefix("https://maps.test/w/2/") })
        h.map.renderFrame()
        #expect(h.drain().suffix(2) == ["render-frame-started", "render-frame-finished partial"])
        for load in tiles { h.map.resourceFinished(load.id, .ok(Data([2]))) }
        h.map.renderFrame()
        #expect(h.drain().suffix(4) == ["render-frame-started", "render-frame-finished full", "map-loaded", "map-idle"])
        #expect(h.effects.count("map-loaded") == 2)
    }
}

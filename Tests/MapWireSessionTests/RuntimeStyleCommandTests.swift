import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// The runtime style commands through the session (PROTOCOL.md 7.12): replies, error codes, the JSON
/// answers, the events' causation ids, and what the next frame is sent.
@Suite struct RuntimeStyleCommandTests {
    /// The style of the last frame the renderer was sent with the style's bytes.
    func lastStyle(_ renderer: FakePlugin) throws -> [String: Any] {
        let styles = renderer.requests.compactMap { request -> Mapwire_V1_RenderResource? in
            guard case .renderFrame(let frame)? = request.kind else { return nil }
            return frame.resources.first { $0.kind == .style && $0.dataIncluded }
        }
        let resource = try #require(styles.last)
        return try #require(try JSONSerialization.jsonObject(with: resource.data) as? [String: Any])
    }

    @Test func everyChangeIsTakenAndTheNextFrameCarriesTheChangedStyle() throws {
        let (h, _, renderer) = loadedWithRenderer()
        let changes: [Mapwire_V1_Command.OneOf_Kind] = [
            .addSource(.with { $0.id = "pts"; $0.json = #"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}"# }),
            .addLayer(.with { $0.json = #"{"id": "dots", "type": "circle", "source": "pts"}"# }),
            .addLayer(.with { $0.json = #"{"id": "bg", "type": "background"}"#; $0.before = "roads" }),
            .moveLayer(.with { $0.id = "dots"; $0.before = "roads" }),
            .setPaintProperty(.with { $0.layer = "roads"; $0.name = "line-width"; $0.valueJson = "3" }),
            .setLayoutProperty(.with { $0.layer = "roads"; $0.name = "line-cap"; $0.valueJson = #""round""# }),
            .setFilter(.with { $0.layer = "roads"; $0.filterJson = #"["==", "class", "street"]"# }),
            .setLayerZoomRange(.with { $0.layer = "roads"; $0.minZoom = 1 }),
            .setSourceData(.with { $0.source = "pts"; $0.dataJson = #"{"type": "Feature", "id": 3, "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 1]}}"# }),
            .updateSourceData(.with { $0.source = "pts"; $0.diffJson = #"{"update": [{"id": 3, "addOrUpdateProperties": [{"key": "k", "value": 1}]}]}"# }),
            .setFeatureState(.with { $0.source = "pts"; $0.featureID = "3"; $0.stateJson = #"{"on": true}"# }),
            .setLight(.with { $0.json = #"{"intensity": 0.2}"# }),
            .setSky(.with { $0.json = #"{"sky-color": "red"}"# }),
            .setProjection(.with { $0.json = #"{"type": "globe"}"# }),
            .setGlobalStateProperty(.with { $0.name = "x"; $0.valueJson = "1" }),
            .setSprite(.with { $0.url = "" }),
        ]
        for change in changes {
            let reply = try #require(h.command(change))
            #expect(reply.ok, "\(change): \(reply.error)")
        }
        for frame in renderer.frames { renderer.answerFrame(frame) }
        h.advance(until: { !renderer.frames.isEmpty })
        let style = try lastStyle(renderer)
        #expect((style["layers"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["bg", "dots", "roads"])
        #expect((style["light"] as? [String: Any])?["intensity"] as? Double == 0.2)
        #expect(style["mapwire:feature-state"] != nil)
        #expect((style["state"] as? [String: [String: Any]])?["x"]?["default"] as? Int == 1)
    }

    @Test func questionsAreAnsweredWithJSON() throws {
        let h = SessionHarness()
        h.setInlineStyle()
        let style = try #require(h.command(.getStyle(.init())))
        let parsed = try JSONSerialization.jsonObject(with: Data(style.json.utf8)) as? [String: Any]
        #expect(style.ok && parsed?["sources"] != nil)
        let layer = try #require(h.command(.getLayer(.with { $0.id = "roads" })))
        #expect(layer.json.contains(#""source-layer":"road""#))
        #expect(h.command(.setFeatureState(.with { $0.source = "v"; $0.sourceLayer = "road"; $0.featureID = "5"; $0.stateJson = #"{"a": 1}"# }))?.ok == true)
        #expect(h.command(.getFeatureState(.with { $0.source = "v"; $0.sourceLayer = "road"; $0.featureID = "5" }))?.json == #"{"a":1}"#)
    }

    @Test func refusalsCarryTheirCodes() {
        let h = SessionHarness()
        #expect(h.command(.getStyle(.init()))?.errorCode == .refusedInState)
        #expect(h.command(.addLayer(.with { $0.json = #"{"id": "a", "type": "background"}"# }))?.errorCode == .refusedInState)
        h.setInlineStyle()
        #expect(h.command(.getLayer(.with { $0.id = "nope" }))?.errorCode == .notFound)
        #expect(h.command(.moveLayer(.with { $0.id = "roads"; $0.before = "nope" }))?.errorCode == .notFound)
        let bad = h.command(.setPaintProperty(.with { $0.layer = "roads"; $0.name = "line-opacity"; $0.valueJson = "-1" }))
        #expect(bad?.errorCode == .invalidArgument && bad?.error.contains("line-opacity") == true)
        #expect(h.command(.setSourceData(.with { $0.source = "v"; $0.dataJson = "{}" }))?.errorCode == .invalidArgument)
        #expect(h.command(.setTerrain(.with { $0.json = #"{"source": "gone"}"# }))?.errorCode == .notFound)
    }

    @Test func newDataIsAnnouncedUnderTheCommandsId() throws {
        let (h, _, _) = loadedWithRenderer()
        #expect(h.command(.addSource(.with { $0.id = "pts"; $0.json = #"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}"# }))?.ok == true)
        let mark = h.published.count
        #expect(h.command(.setSourceData(.with { $0.source = "pts"; $0.dataJson = #"{"type": "Point", "coordinates": [2, 2]}"# }))?.ok == true)
        let command = h.lastCommandID
        let loaded = h.published[mark...].filter { $0.payload.topic == "source-data-loaded" }
        #expect(loaded.count >= 2 && loaded.allSatisfy { $0.causationID == command })
        #expect(!h.published[mark...].contains { ["style-loaded", "style-data-loaded", "resource-request"].contains($0.payload.topic) })
    }

    /// Data that loads after the reply (a GeoJSON URL) is announced under the command's id, and so are the
    /// frames that draw it, up to the next map-idle; what comes after carries 0.
    @Test func dataLoadedAfterTheReplyCarriesTheCommandsId() throws {
        let (h, loader, renderer) = loadedWithRenderer()
        #expect(h.command(.addSource(.with { $0.id = "pts"; $0.json = #"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}"# }))?.ok == true)
        h.advance(until: {
            for frame in renderer.unanswered { renderer.answerFrame(frame) }
            return h.topics.last == "map-idle"
        })
        #expect(h.topics.last == "map-idle", "\(h.topics.suffix(8))")
        let mark = h.published.count
        #expect(h.command(.setSourceData(.with { $0.source = "pts"; $0.dataJson = #""https://maps.test/points.geojson""# }))?.ok == true)
        let command = h.lastCommandID
        let load = try #require(loader.unanswered.first { $0.loadResource.request.url == "https://maps.test/points.geojson" })
        loader.answerLoad(load, data: Data(#"{"type": "Point", "coordinates": [3, 3]}"#.utf8))
        h.advance(until: {
            for frame in renderer.unanswered { renderer.answerFrame(frame) }
            return h.topics.last == "map-idle"
        })
        let after = h.published[mark...]
        #expect(after.filter { $0.payload.topic == "source-data-loaded" }.count >= 1)
        #expect(after.allSatisfy { $0.causationID == command }, "\(after.map { ($0.payload.topic, $0.causationID) })")
        #expect(after.last?.payload.topic == "map-idle")
        // The change ended at its map-idle: a repaint asked by nobody is nobody's.
        let end = h.published.count
        h.step(.tick)
        #expect(h.command(.ping(.init()))?.ok == true)
        #expect(h.published[end...].allSatisfy { $0.causationID == 0 || $0.causationID == h.lastCommandID })
    }
}

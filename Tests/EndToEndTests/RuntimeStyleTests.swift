import Foundation
import MapWireClient
import MapWireFormats
import MapWireGeometry
import MapWireProtocol
import MapWireTesting
import Testing

/// The runtime style through real core, loader and renderer processes: a change is drawn without loading
/// anything again, refused changes leave the map as it was, feature state and GeoJSON data reach the renderer.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct RuntimeStyleTests {
    static let size = 64

    /// A square around the view's centre (feature 1), and the style: white background, the square filled
    /// blue (red while its state says "hot"), roads of a vector tile folder on top.
    static func style(tiles: URL) -> String {
        let c = TestStyles.center
        let square = "[[\(c.longitude - 0.01), \(c.latitude - 0.01)], [\(c.longitude + 0.01), \(c.latitude - 0.01)], "
            + "[\(c.longitude + 0.01), \(c.latitude + 0.01)], [\(c.longitude - 0.01), \(c.latitude + 0.01)], [\(c.longitude - 0.01), \(c.latitude - 0.01)]]"
        return """
            {"version": 8, "center": [\(c.longitude), \(c.latitude)], "zoom": 14, "state": {"tint": {"default": "#0000ff"}},
             "sources": {
               "area": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
                 {"type": "Feature", "id": 1, "geometry": {"type": "Polygon", "coordinates": [\(square)]}, "properties": {}}]}},
               "town": {"type": "vector", "tiles": ["\(tiles.absoluteString)/{z}/{x}/{y}.pbf"], "maxzoom": 14}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "area", "type": "fill", "source": "area",
                "paint": {"fill-color": ["case", ["boolean", ["feature-state", "hot"], false], "#ff0000", ["to-color", ["global-state", "tint"]]]}},
               {"id": "roads", "type": "line", "source": "town", "source-layer": "road"}]}
            """
    }

    /// A map drawn once (every load done) and a subscriber that has seen it.
    func startMap(_ run: TestRun) throws -> EventSubscriber {
        let tiles = run.file("tiles")
        for tile in TestStyles.coveringTiles(width: Self.size, height: Self.size) {
            let dir = tiles.appendingPathComponent("\(tile.z)/\(tile.x)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try TestStyles.drawableTile.write(to: dir.appendingPathComponent("\(tile.y).pbf"))
        }
        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        #expect(try run.send(.setSize(.with { $0.width = UInt32(Self.size); $0.height = UInt32(Self.size) })).ok)
        #expect(try run.send(.setStyleJson(.with { $0.json = Self.style(tiles: tiles) })).ok)
        #expect(try centre(run) == [0, 0, 255, 255])
        var log = EventLog()
        _ = try log.collect(from: events) { topic, _ in topic == "map-idle" }
        return events
    }

    /// The straight-alpha RGBA of the centre of the next full frame.
    func centre(_ run: TestRun) throws -> [UInt8] {
        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok, "\(reply.error)")
        let image = try ImageDecoder.decode(reply.snapshot.png)
        let i = (Self.size / 2 * image.width + Self.size / 2) * 4
        return Array(image.pixels[i..<i + 4])
    }

    /// The events up to the next map-idle.
    func untilIdle(_ events: EventSubscriber) throws -> EventLog {
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        return log
    }

    @Test func aPaintChangeIsDrawnWithoutLoadingOrAnnouncingTheStyleAgain() throws {
        let run = try TestRun()
        let events = try startMap(run)
        let reply = try run.send(.setPaintProperty(.with { $0.layer = "area"; $0.name = "fill-color"; $0.valueJson = ##""#00ff00""## }))
        #expect(reply.ok, "\(reply.error)")
        #expect(try centre(run) == [0, 255, 0, 255])
        let log = try untilIdle(events)
        #expect(!log.topics.contains("resource-request"), "nothing is loaded again: \(log.topics)")
        #expect(!log.topics.contains("style-loaded") && !log.topics.contains("style-data-loaded"))
        #expect(log.topics.contains("render-frame-finished"))
    }

    @Test func featureStateIsDrawnByTheRendererAndCanBeReadBack() throws {
        let run = try TestRun()
        _ = try startMap(run)
        #expect(try run.send(.setFeatureState(.with { $0.source = "area"; $0.featureID = "1"; $0.stateJson = #"{"hot": true}"# })).ok)
        #expect(try centre(run) == [255, 0, 0, 255])
        let state = try run.send(.getFeatureState(.with { $0.source = "area"; $0.featureID = "1" }))
        #expect(state.json == #"{"hot":true}"#)
        #expect(try run.send(.removeFeatureState(.with { $0.source = "area"; $0.featureID = "1"; $0.key = "hot" })).ok)
        #expect(try centre(run) == [0, 0, 255, 255])
    }

    @Test func globalStateIsReadByTheRenderer() throws {
        let run = try TestRun()
        _ = try startMap(run)
        #expect(try run.send(.setGlobalStateProperty(.with { $0.name = "tint"; $0.valueJson = ##""#ffff00""## })).ok)
        #expect(try centre(run) == [255, 255, 0, 255])
        #expect(try run.send(.setGlobalStateProperty(.with { $0.name = "tint"; $0.valueJson = "null" })).ok)
        #expect(try centre(run) == [0, 0, 255, 255])
    }

    @Test func newGeoJSONDataComesWithItsEventsUnderTheCommandsId() throws {
        let run = try TestRun()
        let events = try startMap(run)
        let away = #"{"type": "Feature", "id": 1, "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {}}"#
        let reply = try run.send(.setSourceData(.with { $0.source = "area"; $0.dataJson = away }))
        #expect(reply.ok, "\(reply.error)")
        #expect(try centre(run) == [255, 255, 255, 255])
        let log = try untilIdle(events)
        let loaded = log.events.filter { $0.topic == "source-data-loaded" }
        let kinds = loaded.compactMap { event -> String? in
            guard case .sourceDataLoaded(let e)? = event.envelope.payload else { return nil }
            return "\(e.type)"
        }
        #expect(kinds.first == "metadata" && kinds.dropFirst().allSatisfy { $0 == "tile" } && kinds.count > 1, "\(kinds)")
        #expect(loaded.allSatisfy { $0.envelope.causationID == reply.id })
        #expect(!log.topics.contains("resource-request"))
        // A partial update puts a square back under the centre.
        let c = TestStyles.center
        let square = #"{"add": [{"type": "Feature", "id": 2, "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[\#(c.longitude - 0.01), \#(c.latitude - 0.01)], [\#(c.longitude + 0.01), \#(c.latitude - 0.01)], [\#(c.longitude + 0.01), \#(c.latitude + 0.01)], [\#(c.longitude - 0.01), \#(c.latitude + 0.01)], [\#(c.longitude - 0.01), \#(c.latitude - 0.01)]]]}}]}"#
        #expect(try run.send(.updateSourceData(.with { $0.source = "area"; $0.diffJson = square })).ok)
        #expect(try centre(run) == [0, 0, 255, 255])
        let removed = try run.send(.updateSourceData(.with { $0.source = "area"; $0.diffJson = #"{"remove": [5]}"# }))
        #expect(!removed.ok && removed.errorCode == .notFound && removed.error.contains("5"))
    }

    @Test func layersAreAddedMovedAndReadBack() throws {
        let run = try TestRun()
        _ = try startMap(run)
        let layer = ##"{"id": "cover", "type": "background", "paint": {"background-color": "#00ffff"}}"##
        #expect(try run.send(.addLayer(.with { $0.json = layer })).ok)
        #expect(try centre(run) == [0, 255, 255, 255])
        #expect(try run.send(.moveLayer(.with { $0.id = "cover"; $0.before = "area" })).ok)
        #expect(try centre(run) == [0, 0, 255, 255])
        let got = try run.send(.getLayer(.with { $0.id = "cover" }))
        #expect(got.json.contains(##""background-color":"#00ffff""##))
        let style = try run.send(.getStyle(.init()))
        let ids = ((try JSONSerialization.jsonObject(with: Data(style.json.utf8)) as? [String: Any])?["layers"] as? [[String: Any]])?
            .compactMap { $0["id"] as? String }
        #expect(ids == ["bg", "cover", "area", "roads"])
        #expect(try run.send(.setLayoutProperty(.with { $0.layer = "area"; $0.name = "visibility"; $0.valueJson = #""none""# })).ok)
        #expect(try centre(run) == [0, 255, 255, 255])
    }

    @Test func badCommandsAreRefusedByNameAndTheMapStaysAsItWas() throws {
        let run = try TestRun()
        _ = try startMap(run)
        let refused: [(Mapwire_V1_Command.OneOf_Kind, Mapwire_V1_CommandErrorCode, String)] = [
            (.addLayer(.with { $0.json = #"{"id": "area", "type": "background"}"# }), .invalidArgument, "already a layer"),
            (.addLayer(.with { $0.json = #"{"id": "x", "type": "background"}"#; $0.before = "nope" }), .notFound, "nope"),
            (.setPaintProperty(.with { $0.layer = "area"; $0.name = "fill-opacity"; $0.valueJson = #""half""# }), .invalidArgument, "fill-opacity"),
            (.setFilter(.with { $0.layer = "area"; $0.filterJson = #"["==", ["get"]]"# }), .invalidArgument, "filter"),
            (.setLayoutProperty(.with { $0.layer = "roads"; $0.name = "line-sort-key"; $0.valueJson = #"["feature-state", "x"]"# }),
             .invalidArgument, "feature-state"),
            (.setSourceData(.with { $0.source = "area"; $0.dataJson = #"{"type": "Nothing"}"# }), .invalidArgument, "not GeoJSON"),
            (.setFeatureState(.with { $0.source = "town"; $0.featureID = "1"; $0.stateJson = "{}" }), .invalidArgument, "source layer"),
            (.setTerrain(.with { $0.json = #"{"source": "town"}"# }), .invalidArgument, "raster-dem"),
            (.setLight(.with { $0.json = #"{"intensity": 7}"# }), .invalidArgument, "light.intensity"),
            (.getLayer(.with { $0.id = "nope" }), .notFound, "nope"),
        ]
        for (kind, code, why) in refused {
            let reply = try run.send(kind)
            #expect(!reply.ok && reply.errorCode == code && reply.error.contains(why), "\(kind): \(reply.error)")
        }
        #expect(try centre(run) == [0, 0, 255, 255])
        #expect(try run.send(.setPaintProperty(.with { $0.layer = "area"; $0.name = "fill-opacity"; $0.valueJson = "0" })).ok)
        #expect(try centre(run) == [255, 255, 255, 255])
    }

    @Test func mapwireSendHasAVerbForEachCommand() throws {
        let run = try TestRun()
        _ = try startMap(run)
        let dir = run.runDirectory.path
        let set = try run.mapwire(["send", "set-paint-property", "area", "fill-color", ##""#00ff00""##, "--run-dir", dir])
        #expect(set.status == 0, "\(set.stderr)")
        let layer = try run.mapwire(["send", "get-layer", "area", "--run-dir", dir])
        #expect(layer.status == 0 && layer.stdout.contains("#00ff00"), "\(layer.stdout) \(layer.stderr)")
        let bad = try run.mapwire(["send", "set-paint-property", "area", "fill-color", "12", "--run-dir", dir])
        #expect(bad.status == 1 && bad.stderr.contains("fill-color"), "\(bad.stderr)")
        let state = try run.mapwire(["send", "set-feature-state", "area", "1", #"{"hot":true}"#, "--run-dir", dir])
        #expect(state.status == 0, "\(state.stderr)")
        let read = try run.mapwire(["send", "get-feature-state", "area", "1", "--run-dir", dir])
        #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"hot":true}"#)
        let style = try run.mapwire(["send", "get-style", "--run-dir", dir])
        #expect((try? JSONSerialization.jsonObject(with: Data(style.stdout.utf8))) is [String: Any])
        #expect(try centre(run) == [0, 255, 0, 255])
    }
}

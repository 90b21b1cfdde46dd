import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// Layers changed in place: what each call changes, what it refuses (changing nothing), and that a change
/// loads nothing and publishes no style event.
@Suite struct RuntimeStyleLayerTests {
    /// A loaded inline style (source "v", layer "roads"), drawn, with nothing pending.
    func loaded() throws -> MapHarness {
        let h = MapHarness()
        try h.loadInlineStyle()
        return h
    }

    /// The style JSON renderers get now, and its key.
    func rendered(_ map: Map) throws -> (key: String, style: [String: Any]) {
        let (key, resources) = map.renderResources()
        let data = try #require(resources.first { $0.kind == .style }?.data)
        return (key, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    func layer(_ id: String, in style: [String: Any]) -> [String: Any]? {
        (style["layers"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    @Test func addLayerGoesBeforeTheNamedLayerOrOnTop() throws {
        let h = try loaded()
        try h.map.addLayer(json: ##"{"id": "bg", "type": "background", "paint": {"background-color": "#102030"}}"##, before: "roads")
        try h.map.addLayer(json: #"{"id": "top", "type": "line", "source": "v", "source-layer": "road"}"#, before: nil)
        #expect(h.map.layerIDs == ["bg", "roads", "top"])
        let style = try rendered(h.map).style
        #expect((layer("bg", in: style)?["paint"] as? [String: Any])?["background-color"] as? String == "#102030")
        // In place: nothing loads again, no style event; a frame draws it.
        #expect(h.newLoads().isEmpty)
        #expect(h.drain() == [])
        #expect(h.map.wantsFrame)
    }

    @Test(arguments: [
        (#"{"id": "roads", "type": "line", "source": "v", "source-layer": "road"}"#, "already a layer"),
        (#"{"id": "x", "type": "line", "source": "nowhere", "source-layer": "road"}"#, "not in the style"),
        (#"{"id": "x", "type": "line", "source": "v"}"#, "source-layer"),
        (#"{"id": "x", "type": "raster", "source": "v"}"#, "cannot draw the vector source"),
        (#"{"id": "x", "type": "wobble", "source": "v"}"#, "unknown type"),
        (#"{"id": "x", "type": "line", "source": "v", "source-layer": "road", "paint": {"line-width": "wide"}}"#, "line-width: number expected, \"wide\" found"),
        (#"{"id": "x", "type": "line", "source": "v", "source-layer": "road", "paint": {"fill-color": "red"}}"#, "no paint property \"fill-color\""),
        (#"{"id": "x", "type": "line", "source": "v", "source-layer": "road", "filter": ["==", ["feature-state", "on"], true]}"#, "filters"),
        (#"{"id": "x", "type": "line", "source": "v", "source-layer": "road", "minzoom": 30}"#, "minzoom"),
        (#"{"id": "x", "type": "line", "source": "v", "source-layer": "road", "ref": "roads"}"#, "ref"),
        (#"[1, 2]"#, "JSON object"),
        (#"{"id": "x""#, "not valid JSON"),
    ])
    func addLayerRefusesWhatTheSpecificationDoesNotAllowAndChangesNothing(_ json: String, _ why: String) throws {
        let h = try loaded()
        let key = try rendered(h.map).key
        let error = #expect(throws: MapCommandError.self) { try h.map.addLayer(json: json, before: nil) }
        #expect(error?.message.contains(why) == true, "\(error?.message ?? "")")
        #expect(h.map.layerIDs == ["roads"])
        #expect(try rendered(h.map).key == key)
        #expect(h.drain() == [])
        #expect(!h.map.wantsFrame)
    }

    @Test func beforeMustNameALayer() throws {
        let h = try loaded()
        let error = #expect(throws: MapCommandError.self) {
            try h.map.addLayer(json: #"{"id": "bg", "type": "background"}"#, before: "nope")
        }
        #expect(error?.reason == .notFound)
        #expect(throws: MapCommandError.self) { try h.map.moveLayer(id: "roads", before: "nope") }
        #expect(h.map.layerIDs == ["roads"])
    }

    @Test func moveLayerReordersAndRemoveLayerTakesOut() throws {
        let h = try loaded()
        try h.map.addLayer(json: #"{"id": "a", "type": "background"}"#, before: nil)
        try h.map.addLayer(json: #"{"id": "b", "type": "background"}"#, before: nil)
        try h.map.moveLayer(id: "b", before: "roads")
        #expect(h.map.layerIDs == ["b", "roads", "a"])
        try h.map.moveLayer(id: "b", before: nil)
        #expect(h.map.layerIDs == ["roads", "a", "b"])
        try h.map.removeLayer(id: "a")
        #expect(h.map.layerIDs == ["roads", "b"])
        #expect((try rendered(h.map).style["layers"] as? [[String: Any]])?.map { $0["id"] as? String } == ["roads", "b"])
        let missing = #expect(throws: MapCommandError.self) { try h.map.removeLayer(id: "a") }
        #expect(missing?.reason == .notFound)
    }

    @Test func paintAndLayoutPropertiesAreSetCheckedAndReset() throws {
        let h = try loaded()
        let key = try rendered(h.map).key
        try h.map.setPaintProperty(layer: "roads", name: "line-color", value: ##""#ff0000""##)
        try h.map.setPaintProperty(layer: "roads", name: "line-width", value: #"["interpolate", ["linear"], ["zoom"], 5, 1, 10, 4]"#)
        try h.map.setPaintProperty(layer: "roads", name: "line-opacity", value: #"["case", ["boolean", ["feature-state", "hover"], false], 1, 0.5]"#)
        try h.map.setLayoutProperty(layer: "roads", name: "line-cap", value: #""round""#)
        let (changedKey, style) = try rendered(h.map)
        #expect(changedKey != key)
        let roads = try #require(layer("roads", in: style))
        #expect((roads["paint"] as? [String: Any])?["line-color"] as? String == "#ff0000")
        #expect((roads["layout"] as? [String: Any])?["line-cap"] as? String == "round")
        try h.map.setPaintProperty(layer: "roads", name: "line-color", value: "null")
        #expect((layer("roads", in: try rendered(h.map).style)?["paint"] as? [String: Any])?["line-color"] == nil)
        #expect(h.newLoads().isEmpty)
        #expect(h.drain() == [])
    }

    @Test(arguments: [
        ("paint", "line-opacity", "2", "line-opacity: 2 is greater than the maximum value 1"),
        ("paint", "line-width", "-1", "line-width: -1 is less than the minimum value 0"),
        ("paint", "line-color", #""not a colour""#, "line-color: color expected"),
        ("paint", "line-color", "12", "line-color: color expected, 12 found"),
        ("paint", "line-colour", #""red""#, "no paint property \"line-colour\""),
        ("paint", "line-width", #"["get"]"#, "line-width"),
        ("layout", "line-cap", #""pointy""#, "line-cap: expected one of [\"butt\", \"round\", \"square\"], \"pointy\" found"),
        ("layout", "line-sort-key", #"["feature-state", "rank"]"#, "feature-state"),
        ("layout", "visibility", "true", "visibility"),
        ("paint", "line-dasharray", "[1, -2]", "line-dasharray[1]: -2 is less than the minimum value 0"),
        ("paint", "line-width", "{", "not valid JSON"),
    ])
    func aBadPropertyValueIsRefusedWithItsNameAndNothingChanges(_ group: String, _ name: String, _ value: String, _ why: String) throws {
        let h = try loaded()
        let before = try rendered(h.map)
        let error = #expect(throws: MapCommandError.self) {
            if group == "paint" { try h.map.setPaintProperty(layer: "roads", name: name, value: value) }
            else { try h.map.setLayoutProperty(layer: "roads", name: name, value: value) }
        }
        #expect(error?.message.contains(why) == true, "\(error?.message ?? "")")
        #expect(error?.message.hasPrefix("layer \"roads\"") == true || why == "not valid JSON")
        #expect(try rendered(h.map).key == before.key)
        #expect(h.drain() == [])
        // The next good command works.
        try h.map.setPaintProperty(layer: "roads", name: "line-width", value: "3")
    }

    @Test func filtersAreSetCheckedAndRemoved() throws {
        let h = try loaded()
        try h.map.setFilter(layer: "roads", filter: #"["==", ["get", "class"], "motorway"]"#)
        #expect(layer("roads", in: try rendered(h.map).style)?["filter"] != nil)
        let bad = #expect(throws: MapCommandError.self) { try h.map.setFilter(layer: "roads", filter: #"["==", ["get"], 1]"#) }
        #expect(bad?.message.contains("filter") == true)
        let state = #expect(throws: MapCommandError.self) {
            try h.map.setFilter(layer: "roads", filter: #"["==", ["feature-state", "on"], true]"#)
        }
        #expect(state?.message.contains("not supported with filters") == true)
        #expect(layer("roads", in: try rendered(h.map).style)?["filter"] != nil)
        try h.map.setFilter(layer: "roads", filter: "null")
        #expect(layer("roads", in: try rendered(h.map).style)?["filter"] == nil)
    }

    @Test func zoomRangeKeepsWhatIsNotGivenAndRefusesAnUpsideDownRange() throws {
        let h = try loaded()
        try h.map.setLayerZoomRange(layer: "roads", minZoom: 3, maxZoom: nil)
        try h.map.setLayerZoomRange(layer: "roads", minZoom: nil, maxZoom: 9)
        let roads = try #require(layer("roads", in: try rendered(h.map).style))
        #expect(roads["minzoom"] as? Double == 3 && roads["maxzoom"] as? Double == 9)
        #expect(throws: MapCommandError.self) { try h.map.setLayerZoomRange(layer: "roads", minZoom: 10, maxZoom: nil) }
        #expect(throws: MapCommandError.self) { try h.map.setLayerZoomRange(layer: "roads", minZoom: .nan, maxZoom: nil) }
        #expect(throws: MapCommandError.self) { try h.map.setLayerZoomRange(layer: "roads", minZoom: nil, maxZoom: 25) }
        #expect(layer("roads", in: try rendered(h.map).style)?["minzoom"] as? Double == 3)
    }

    @Test func getStyleAndGetLayerAnswerWithTheStyleAsItIsNow() throws {
        let h = try loaded()
        try h.map.setPaintProperty(layer: "roads", name: "line-width", value: "7")
        try h.map.addSource(id: "pts", json: #"{"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}"#)
        let style = try #require(try JSONSerialization.jsonObject(with: Data(h.map.currentStyleJSON().utf8)) as? [String: Any])
        #expect(((style["layers"] as? [[String: Any]])?.first?["paint"] as? [String: Any])?["line-width"] as? Double == 7)
        #expect((style["sources"] as? [String: Any])?["pts"] != nil)
        let roads = try #require(try JSONSerialization.jsonObject(with: Data(h.map.layerJSON(id: "roads").utf8)) as? [String: Any])
        #expect(roads["type"] as? String == "line")
        #expect(throws: MapCommandError.self) { try h.map.layerJSON(id: "nope") }
    }

    @Test func everyCallIsRefusedWithoutAStyle() {
        let h = MapHarness()
        for call in [
            { try h.map.addLayer(json: #"{"id": "a", "type": "background"}"#, before: nil) },
            { try h.map.setPaintProperty(layer: "a", name: "background-color", value: "\"red\"") },
            { _ = try h.map.currentStyleJSON() },
            { try h.map.setStyleRoot(.light, json: "{}") },
        ] as [() throws -> Void] {
            let error = #expect(throws: MapCommandError.self) { try call() }
            #expect(error?.reason == .refusedInState)
        }
    }

    @Test func aLayerNeedingNewGlyphsLoadsThemAndNothingElse() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(glyphs: "https://maps.test/fonts/{fontstack}/{range}.pbf"), baseURL: nil)
        try h.answerTiles(h.cover())
        _ = h.newLoads()
        try h.map.addLayer(json: Fixture.labelLayer.replacingOccurrences(of: #""source": "v","#, with: #""source": "v", "source-layer": "place","#),
                           before: nil)
        #expect(h.newLoads().map(\.request.url) == [Fixture.glyphURL])
    }
}

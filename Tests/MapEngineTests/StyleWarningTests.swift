import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// What MapWire does not draw of a style is said once per style (the style-warning event), and the style
/// still loads: a layer type the specification does not have is left out, as MapLibre Native does.
@Suite struct StyleWarningTests {
    func messages(_ json: String) throws -> [String] {
        try StyleDocument(data: Data(json.utf8), baseURL: Fixture.styleURL).warnings.map(\.message)
    }

    @Test func aStyleThatDrawsEverythingHasNoWarnings() throws {
        #expect(try messages(Fixture.style(layers: [Fixture.lineLayer, Fixture.labelLayer])) == [])
        // Properties at the values MapWire draws them with say nothing either.
        let layer = #"{"id": "icons", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"icon-keep-upright": false, "icon-pitch-alignment": "viewport"}}"#
        #expect(try messages(Fixture.style(layers: [layer])) == [])
    }

    @Test func anUnknownLayerTypeIsLeftOutAndTheStyleLoads() throws {
        let json = Fixture.style(layers: [#"{"id": "odd", "type": "wobble", "source": "v"}"#, Fixture.lineLayer])
        let style = try StyleDocument(data: Data(json.utf8), baseURL: Fixture.styleURL)
        #expect(style.layers.map(\.id) == ["roads"])
        #expect(style.warnings == [StyleWarning(#"layer "odd" has type "wobble", which the style specification does not have: left out"#, layerID: "odd")])
    }

    @Test func terrainGlobeVideoAndOtherEncodingsAreNamed() throws {
        let json = Fixture.style(
            extra: ##""terrain": {"source": "dem"}, "sky": {"sky-color": "#88c6fc"}, "projection": {"type": "globe"}"##,
            sources: Fixture.inlineSource + #", "dem": {"type": "raster-dem", "tiles": ["https://maps.test/dem/{z}/{x}/{y}.png"]}, "#
                + #""film": {"type": "video", "urls": ["https://maps.test/a.mp4"], "coordinates": [[0, 1], [1, 1], [1, 0], [0, 0]]}, "#
                + #""m": {"type": "vector", "encoding": "mlt", "tiles": ["https://maps.test/m/{z}/{x}/{y}.mlt"]}, "#
                + #""x": {"type": "vector", "encoding": "pbf2", "tiles": ["https://maps.test/x/{z}/{x}/{y}.pbf"]}"#)
        let warnings = try messages(json)
        #expect(warnings.contains("terrain is not drawn: the map is drawn flat"))
        // The sky is drawn (above the horizon, as GL JS 5 draws it): no warning.
        #expect(!warnings.contains { $0.hasPrefix("sky") })
        #expect(warnings.contains(#"projection "globe" is drawn as Mercator (the globe is not drawn)"#))
        #expect(warnings.contains(#"source "film": video sources are not drawn (MapLibre left them out)"#))
        #expect(warnings.contains(#"source "x": tiles of encoding "pbf2" are not decoded: its layers draw nothing"#))
        #expect(warnings.count == 4)
    }

    @Test func ofASpriteArrayTheDefaultSpriteLoadsAndTheOthersAreNamed() throws {
        let json = Fixture.style(extra: #""sprite": [{"id": "default", "url": "sprites/base"}, {"id": "extra", "url": "https://maps.test/extra"}]"#)
        let style = try StyleDocument(data: Data(json.utf8), baseURL: Fixture.styleURL)
        #expect(style.sprite == "https://maps.test/styles/sprites/base")
        #expect(style.warnings.map(\.message) == [#"sprite "extra" of the style's sprite array is not loaded: its icons ("extra:…") are missing"#])
    }

    @Test func propertiesNotInTheSpecificationOrNotAppliedAreNamed() throws {
        let layer = #"{"id": "roads", "type": "line", "source": "v", "source-layer": "road", "#
            + #""layout": {"line-round-limit": 1.1}, "paint": {"line-colour": "red", "fill-color": "blue"}}"#
        let icons = #"{"id": "icons", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"icon-keep-upright": true}}"#
        #expect(try messages(Fixture.style(layers: [layer, icons])) == [
            #"layer "roads": line-round-limit is not applied"#,
            #"layer "roads": paint property "fill-color" is not in the style specification for line layers: ignored"#,
            #"layer "roads": paint property "line-colour" is not in the style specification for line layers: ignored"#,
            #"layer "icons": icon-keep-upright is not applied (drawn as false)"#,
        ])
    }

    @Test func theMapPublishesEachWarningOnceAfterTheStyleAndAfterTheChangeThatAddsOne() throws {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(extra: #""terrain": {"source": "dem"}"#,
                                             sources: Fixture.inlineSource + #", "dem": {"type": "raster-dem", "tiles": ["https://maps.test/dem/{z}/{x}/{y}.png"]}"#),
                               baseURL: Fixture.styleURL)
        let events = h.drain()
        let styleLoaded = try #require(events.firstIndex(of: "style-data-loaded style"))
        #expect(events.filter { $0.hasPrefix("style-warning") } == ["style-warning -"])
        #expect(events.firstIndex(of: "style-warning -")! == styleLoaded + 1)
        // The same warning again says nothing; a change that adds one says it.
        try h.map.setStyleRoot(.terrain, json: #"{"source": "dem", "exaggeration": 2}"#)
        #expect(h.drain() == [])
        try h.map.setPaintProperty(layer: "roads", name: "line-width", value: "3")
        #expect(h.drain() == [])
        try h.map.addLayer(json: #"{"id": "upright", "type": "symbol", "source": "v", "source-layer": "poi", "layout": {"icon-keep-upright": true}}"#, before: nil)
        #expect(h.drain() == ["style-warning upright"])
        // A new style starts afresh.
        try h.map.setStyleJSON(Fixture.style(extra: #""projection": {"type": "globe"}"#), baseURL: Fixture.styleURL)
        #expect(h.drain().filter { $0.hasPrefix("style-warning") } == ["style-warning -"])
    }
}

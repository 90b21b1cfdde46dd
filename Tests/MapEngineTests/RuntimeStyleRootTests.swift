import Foundation
import Testing
@testable import MapEngine
import MapWireGeometry

/// The style's light, sky, terrain, projection, global state and sprite, changed at run time.
@Suite struct RuntimeStyleRootTests {
    func rendered(_ map: Map) throws -> [String: Any] {
        let data = try #require(map.renderResources().resources.first { $0.kind == .style }?.data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func loaded(sprite: String? = nil) throws -> MapHarness {
        let h = MapHarness()
        try h.map.setStyleJSON(Fixture.style(sprite: sprite, extra: #""state": {"highlight": {"default": "none"}}"#,
                                             sources: Fixture.inlineSource + #", "dem": {"type": "raster-dem", "tiles": ["https://maps.test/dem/{z}/{x}/{y}.png"]}"#),
                               baseURL: Fixture.styleURL)
        return h
    }

    @Test func lightSkyTerrainAndProjectionAreSetAndRemoved() throws {
        let h = try loaded()
        try h.map.setStyleRoot(.light, json: ##"{"anchor": "map", "color": "#ffddaa", "intensity": 0.7, "position": [1, 90, 30]}"##)
        try h.map.setStyleRoot(.sky, json: ##"{"sky-color": "#88c6fc", "fog-ground-blend": 0.4}"##)
        try h.map.setStyleRoot(.terrain, json: #"{"source": "dem", "exaggeration": 1.5}"#)
        try h.map.setStyleRoot(.projection, json: #"{"type": "globe"}"#)
        var style = try rendered(h.map)
        #expect((style["light"] as? [String: Any])?["intensity"] as? Double == 0.7)
        #expect((style["terrain"] as? [String: Any])?["source"] as? String == "dem")
        #expect((style["projection"] as? [String: Any])?["type"] as? String == "globe")
        #expect(style["sky"] != nil)
        try h.map.setStyleRoot(.sky, json: "null")
        try h.map.setStyleRoot(.terrain, json: "")
        style = try rendered(h.map)
        #expect(style["sky"] == nil && style["terrain"] == nil)
    }

    @Test(arguments: [
        (Map.StyleRootObject.light, #"{"intensity": 2}"#, "light.intensity: 2 is greater than the maximum value 1"),
        (.light, #"{"anchor": "sideways"}"#, "light.anchor: expected one of"),
        (.light, #"{"position": [1, 2]}"#, "light.position: array length 3 expected"),
        (.light, #"{"glow": 1}"#, "unknown property \"glow\""),
        (.light, "[1]", "light: object expected, array found"),
        (.sky, #"{"sky-color": 3}"#, "sky.sky-color: color expected"),
        (.terrain, #"{"exaggeration": 2}"#, "terrain: \"source\" is required"),
        (.terrain, #"{"source": "v"}"#, "not raster-dem"),
        (.terrain, #"{"source": "gone"}"#, "no source"),
        (.terrain, #"{"source": "dem", "exaggeration": -1}"#, "terrain.exaggeration: -1 is less than the minimum value 0"),
        (.projection, #"{"type": 4}"#, "projection.type"),
    ])
    func badValuesAreRefusedByName(_ member: Map.StyleRootObject, _ json: String, _ why: String) throws {
        let h = try loaded()
        let before = try rendered(h.map)
        let error = #expect(throws: MapCommandError.self) { try h.map.setStyleRoot(member, json: json) }
        #expect(error?.message.contains(why) == true, "\(error?.message ?? "")")
        #expect(try rendered(h.map).keys.sorted() == before.keys.sorted())
    }

    @Test func globalStateReplacesTheDefaultsRenderersReadAndNullPutsThemBack() throws {
        let h = try loaded()
        try h.map.setGlobalStateProperty(name: "highlight", value: #""parks""#)
        try h.map.setGlobalStateProperty(name: "extra", value: "3")
        var state = try rendered(h.map)["state"] as? [String: [String: Any]]
        #expect(state?["highlight"]?["default"] as? String == "parks")
        #expect(state?["extra"]?["default"] as? Int == 3)
        #expect(try h.map.globalStateJSON() == #"{"extra":3,"highlight":"parks"}"#)
        // get-style shows the style's own defaults.
        #expect(try h.map.currentStyleJSON().contains(#""highlight":{"default":"none"}"#))
        try h.map.setGlobalStateProperty(name: "highlight", value: "null")
        state = try rendered(h.map)["state"] as? [String: [String: Any]]
        #expect(state?["highlight"]?["default"] as? String == "none")
        #expect(throws: MapCommandError.self) { try h.map.setGlobalStateProperty(name: "", value: "1") }
    }

    @Test func aNewSpriteLoadsAloneAndIsAnnouncedWhenItHas() throws {
        let h = try loaded(sprite: "sprites/streets")
        try h.answer(Fixture.spriteJSONURL, Fixture.spriteIndex)
        try h.answer(Fixture.spritePNGURL, Fixture.png)
        for load in h.newLoads() where load.request.kind == .tile { h.map.resourceFinished(load.id, .ok(Data("tile".utf8))) }
        h.map.renderFrame()
        _ = h.drain()
        #expect(h.map.isFullyLoaded)
        try h.map.setSprite(url: "https://maps.test/other/sprite")
        #expect(h.newLoads().map(\.request.url) == ["https://maps.test/other/sprite.json", "https://maps.test/other/sprite.png"])
        #expect(h.drain() == [])
        // Until it is in, a frame is not full (a snapshot waits for the new icons).
        #expect(h.map.isFullyLoaded == false)
        try h.answer("https://maps.test/other/sprite.json", Fixture.spriteIndex)
        #expect(h.drain().filter { $0.hasPrefix("style-data-loaded") } == [])
        try h.answer("https://maps.test/other/sprite.png", Fixture.png)
        let events = h.drain()
        #expect(events.filter { $0.hasPrefix("style") } == ["style-data-loaded sprite"])
        #expect(h.map.isFullyLoaded)
        #expect(try rendered(h.map)["sprite"] as? String == "https://maps.test/other/sprite")
        // Removing the sprite loads nothing and is announced at once.
        try h.map.setSprite(url: "")
        #expect(h.newLoads().isEmpty)
        #expect(h.drain().filter { $0.hasPrefix("style") } == ["style-data-loaded sprite"])
    }

    @Test func aSpriteSetWhileTheStylesOwnLoadsReplacesIt() throws {
        let h = try loaded(sprite: "sprites/streets")
        try h.map.setSprite(url: "https://maps.test/other/sprite")
        #expect(h.effects.cancelled.count == 2)
        try h.answer("https://maps.test/other/sprite.json", Fixture.spriteIndex)
        try h.answer("https://maps.test/other/sprite.png", Fixture.png)
        #expect(h.drain().filter { $0.hasPrefix("style") } == ["style-data-loaded style", "style-data-loaded sprite", "style-data-loaded sources", "style-loaded"])
    }
}

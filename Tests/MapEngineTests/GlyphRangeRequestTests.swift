import Foundation
import MapEngine
import MapWireGeometry
import Testing

/// Glyph ranges beyond Latin are loaded when a renderer reports that labels need them.
@Suite struct GlyphRangeRequestTests {
    let glyphs = "https://maps.test/fonts/{fontstack}/{range}.pbf"

    func loadedLabelStyle() throws -> MapHarness {
        let harness = MapHarness()
        try harness.map.setCamera(center: LngLat(longitude: 0, latitude: 0), zoom: 2, bearing: nil, pitch: nil)
        try harness.map.setStyleJSON(Fixture.style(glyphs: glyphs, layers: [Fixture.lineLayer, Fixture.labelLayer]), baseURL: nil)
        try harness.answerTiles(harness.cover())
        try harness.answer("https://maps.test/fonts/Noto%20Sans%20Regular/0-255.pbf", "latin")
        harness.map.renderFrame()
        _ = harness.drain()
        _ = harness.newLoads()
        return harness
    }

    @Test func neededRangesAreLoadedOnceAndHoldIdleUntilTheyArrive() throws {
        let harness = try loadedLabelStyle()
        let cyrillic = GlyphRangeID(fontStack: ["Noto Sans Regular"], start: 1024)
        #expect(harness.map.requestGlyphRanges([cyrillic]))
        #expect(harness.newLoads().map(\.request.url) == ["https://maps.test/fonts/Noto%20Sans%20Regular/1024-1279.pbf"])
        #expect(!harness.map.isFullyLoaded)
        // Asking again (the next frame still lacks it) starts nothing new.
        #expect(!harness.map.requestGlyphRanges([cyrillic]))
        #expect(harness.newLoads().isEmpty)
        try harness.answer("https://maps.test/fonts/Noto%20Sans%20Regular/1024-1279.pbf", "cyrillic")
        #expect(harness.map.isFullyLoaded)
        harness.map.renderFrame()
        #expect(harness.drain().contains("map-idle"))
        let keys = harness.map.renderResources().resources.filter { $0.kind == .glyphs }.map(\.rangeStart)
        #expect(keys.sorted() == [0, 1024])
    }

    @Test func aRangeThatFailsIsReportedAndNotAskedForAgain() throws {
        let harness = try loadedLabelStyle()
        let thai = GlyphRangeID(fontStack: ["Noto Sans Regular"], start: 3584)
        #expect(harness.map.requestGlyphRanges([thai]))
        try harness.fail("https://maps.test/fonts/Noto%20Sans%20Regular/3584-3839.pbf")
        #expect(harness.drain().contains { $0.hasPrefix("map-loading-error glyphs") })
        #expect(!harness.map.requestGlyphRanges([thai]))
        #expect(harness.map.isFullyLoaded)
    }

    @Test func rangesThatAreNotRangesAreIgnored() throws {
        let harness = try loadedLabelStyle()
        #expect(!harness.map.requestGlyphRanges([GlyphRangeID(fontStack: ["Noto Sans Regular"], start: 100)]))
        #expect(!harness.map.requestGlyphRanges([GlyphRangeID(fontStack: ["Noto Sans Regular"], start: -256)]))
        #expect(harness.newLoads().isEmpty)
    }
}

import Foundation
import MapWireVectorTile
import Testing
@testable import MapWireRenderer

/// Filter results kept across frames: reused only for the same tile data at the same zoom.
@Suite struct FilteredFeatureCacheTests {
    static func features(_ kinds: [String]) -> [VectorFeature] {
        kinds.map { VectorFeature(type: .point, geometry: [[TilePoint(x: 1, y: 1)]], properties: ["kind": .string($0)]) }
    }

    static func isPark(_ feature: VectorFeature) -> Bool { feature.properties["kind"] == .string("park") }

    @Test func theSameDataAtTheSameZoomIsFilteredOnce() {
        let cache = FilteredFeatureCache()
        let data = Self.features(["park", "road", "park"])
        var evaluated = 0
        let filter: (VectorFeature) -> Bool = { evaluated += 1; return Self.isPark($0) }
        cache.beginFrame()
        let first = cache.matching(data, layerID: "parks", zoom: 13, filter: filter)
        cache.beginFrame()
        let second = cache.matching(data, layerID: "parks", zoom: 13, filter: filter)
        #expect(first.count == 2 && first == second)
        #expect(evaluated == 3)
    }

    @Test func otherDataAnotherZoomOrAnotherLayerIsFilteredAgain() {
        let cache = FilteredFeatureCache()
        var evaluated = 0
        let filter: (VectorFeature) -> Bool = { evaluated += 1; return Self.isPark($0) }
        let data = Self.features(["park", "road"])
        cache.beginFrame()
        _ = cache.matching(data, layerID: "parks", zoom: 13, filter: filter)
        _ = cache.matching(data, layerID: "parks", zoom: 13.5, filter: filter)
        _ = cache.matching(data, layerID: "other", zoom: 13, filter: filter)
        // Equal content in new storage (a tile decoded again) is new data: its answer is not assumed.
        let copy = Self.features(["road", "park"])
        let result = cache.matching(copy, layerID: "parks", zoom: 13, filter: filter)
        #expect(evaluated == 8)
        #expect(result.map { $0.properties["kind"] } == [.string("park")])
    }

    @Test func entriesNoFrameUsedAreDropped() {
        let cache = FilteredFeatureCache()
        let kept = Self.features(["park"]), dropped = Self.features(["road"])
        cache.beginFrame()
        _ = cache.matching(kept, layerID: "a", zoom: 1, filter: Self.isPark)
        _ = cache.matching(dropped, layerID: "a", zoom: 1, filter: Self.isPark)
        #expect(cache.count == 2)
        cache.beginFrame()
        _ = cache.matching(kept, layerID: "a", zoom: 1, filter: Self.isPark)
        cache.beginFrame()
        #expect(cache.count == 1)
    }

    @Test func aTileWhoseDataChangedDrawsTheNewData() throws {
        let renderer = MapRenderer()
        let style = TestScene.style("""
            {"id":"bg","type":"background","paint":{"background-color":"#ffffff"}},
            {"id":"f","type":"fill","source":"s","source-layer":"shapes","filter":["==","kind","park"],"paint":{"fill-color":"#00ff00"}}
            """)
        let square = TestScene.square(800, 800, 2400, 2400)
        let park = [VectorFeature(type: .polygon, geometry: [square], properties: ["kind": .string("park")])]
        let road = [VectorFeature(type: .polygon, geometry: [square], properties: ["kind": .string("road")])]
        var frame = try renderer.render(TestScene.scene(style: style, features: park))
        #expect(TestScene.pixel(frame, 200, 200) == [0, 255, 0, 255])
        frame = try renderer.render(TestScene.scene(style: style, features: road))
        #expect(TestScene.pixel(frame, 200, 200) == [255, 255, 255, 255])
        frame = try renderer.render(TestScene.scene(style: style, features: park))
        #expect(TestScene.pixel(frame, 200, 200) == [0, 255, 0, 255])
    }
}

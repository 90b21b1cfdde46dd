import Foundation
import MapWireVectorTile
import Testing
@testable import MapWireRenderer

/// A style changed at run time as the renderer gets it (PROTOCOL.md 7.12): feature state and global state
/// drawn, and what a change of style keeps.
@Suite struct RuntimeStyleRenderingTests {
    /// Two squares: feature 1 (left, "name": "a") and feature 2 (right, "name": "b").
    static let features = [
        VectorFeature(id: 1, type: .polygon, geometry: [TestScene.square(0, 0, 2048, 4096)], properties: ["name": .string("a")]),
        VectorFeature(id: 2, type: .polygon, geometry: [TestScene.square(2048, 0, 4096, 4096)], properties: ["name": .string("b")]),
    ]

    static let hotLayer = ##"{"id": "f", "type": "fill", "source": "s", "source-layer": "shapes", "paint": {"fill-color": ["case", ["boolean", ["feature-state", "hot"], false], "#ff0000", "#0000ff"]}}"##

    /// The test style with `members` added at its root.
    static func style(_ layers: String, _ members: String) -> String {
        var text = TestScene.style(layers)
        text.removeLast()
        return text + ", " + members + "}"
    }

    func draw(_ renderer: MapRenderer, _ style: String) throws -> (left: [UInt8], right: [UInt8]) {
        let frame = try renderer.render(TestScene.scene(style: style, features: Self.features))
        return (TestScene.pixel(frame, 128, 256), TestScene.pixel(frame, 384, 256))
    }

    @Test func featureStateIsReadByIdAndByPromotedProperty() throws {
        let renderer = MapRenderer()
        let plain = try draw(renderer, TestScene.style(Self.hotLayer))
        #expect(plain.left == [0, 0, 255, 255] && plain.right == [0, 0, 255, 255])
        let byID = try draw(renderer, Self.style(Self.hotLayer, #""mapwire:feature-state": {"s": {"shapes": {"2": {"hot": true}}}}"#))
        #expect(byID.left == [0, 0, 255, 255] && byID.right == [255, 0, 0, 255])
        // Another source layer's state is not this layer's.
        let elsewhere = try draw(renderer, Self.style(Self.hotLayer, #""mapwire:feature-state": {"s": {"roads": {"2": {"hot": true}}}}"#))
        #expect(elsewhere.right == [0, 0, 255, 255])
        let promoted = Self.style(Self.hotLayer, #""mapwire:feature-state": {"s": {"shapes": {"a": {"hot": true}}}}"#)
            .replacingOccurrences(of: #""type":"vector","#, with: #""type":"vector","promoteId":"name","#)
        let byName = try draw(renderer, promoted)
        #expect(byName.left == [255, 0, 0, 255] && byName.right == [0, 0, 255, 255])
    }

    @Test func globalStateDefaultsAreWhatGlobalStateReads() throws {
        let layer = ##"{"id": "f", "type": "fill", "source": "s", "source-layer": "shapes", "filter": ["==", ["get", "name"], ["global-state", "pick"]], "paint": {"fill-color": ["to-color", ["global-state", "tint"]]}}"##
        let renderer = MapRenderer()
        let first = try draw(renderer, Self.style(layer, ##""state": {"pick": {"default": "a"}, "tint": {"default": "#00ff00"}}"##))
        #expect(first.left == [0, 255, 0, 255] && first.right[3] == 0)
        // The same layers with other state values: filtered again, not taken from the previous frame.
        let second = try draw(renderer, Self.style(layer, ##""state": {"pick": {"default": "b"}, "tint": {"default": "#ff00ff"}}"##))
        #expect(second.left[3] == 0 && second.right == [255, 0, 255, 255])
    }

    @Test func aChangedFilterFiltersAgainAndAPaintChangeKeepsTheFiltering() throws {
        let layer = { (filter: String, color: String) in
            ##"{"id": "f", "type": "fill", "source": "s", "source-layer": "shapes", "filter": \##(filter), "paint": {"fill-color": "\##(color)"}}"##
        }
        let renderer = MapRenderer()
        let a = try draw(renderer, TestScene.style(layer(#"["==", "name", "a"]"#, "#00ff00")))
        #expect(a.left == [0, 255, 0, 255] && a.right[3] == 0)
        let painted = try draw(renderer, TestScene.style(layer(#"["==", "name", "a"]"#, "#ff0000")))
        #expect(painted.left == [255, 0, 0, 255] && painted.right[3] == 0)
        let b = try draw(renderer, TestScene.style(layer(#"["==", "name", "b"]"#, "#ff0000")))
        #expect(b.left[3] == 0 && b.right == [255, 0, 0, 255])
    }
}

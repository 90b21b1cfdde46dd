@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// GL keeps a label at the variable anchor it had last frame while that anchor still fits
/// (`prevPlacement.variableOffsets`), so labels do not jump as the camera moves.
@Suite struct VariableAnchorMemoryTests {
    @Test func theLastAnchorIsTriedFirstThenTheOthersInTheStylesOrder() {
        let memory = VariableAnchorMemory.next(chosen: ["a": 2, "b": 0, "c": 7])
        #expect(memory.order(for: "a", count: 4) == [2, 0, 1, 3])
        #expect(memory.order(for: "b", count: 4) == [0, 1, 2, 3])
        // Unknown labels, and an index the layer no longer has, keep the style's order.
        #expect(memory.order(for: "new", count: 3) == [0, 1, 2])
        #expect(memory.order(for: "c", count: 3) == [0, 1, 2])
        #expect(VariableAnchorMemory().order(for: "a", count: 1) == [0])
    }

    @Test func onlyThisFramesChoicesAreRemembered() {
        let first = VariableAnchorMemory.next(chosen: ["a": 1])
        let second = VariableAnchorMemory.next(chosen: ["b": 1])
        #expect(first.order(for: "a", count: 2) == [1, 0])
        #expect(second.order(for: "a", count: 2) == [0, 1])
    }

    static let layout = ##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor":["left","right"]}"##

    @Test func aLabelPushedToItsSecondAnchorStaysThereOnceItsFirstIsFreeAgain() throws {
        let renderer = MapRenderer()
        let label = SymbolFixtures.pointFeature(2048, 2048, ["kind": .string("label")])
        let blocker = SymbolFixtures.pointFeature(2240, 2048, ["kind": .string("blocker")])
        let style = VariableAnchorTests.style(Self.layout)
        let blocked = try renderer.render(SymbolFixtures.scene(style: style, features: [label, blocker]))
        // "right": the squares at x 222...254, left of the point.
        #expect(SymbolFixtures.count(blocked, VariableAnchorTests.blue, x: 224..<253, y: 250..<262) == 29 * 12)
        // Next frame the blocker is gone: "left" would fit, but the label keeps "right".
        let kept = try renderer.render(SymbolFixtures.scene(style: style, features: [label]))
        #expect(SymbolFixtures.count(kept, VariableAnchorTests.blue, x: 224..<253, y: 250..<262) == 29 * 12)
        #expect(SymbolFixtures.count(kept, VariableAnchorTests.blue, x: 257..<512, y: 0..<512) == 0)
        // A renderer without that memory puts it at "left".
        let fresh = try MapRenderer().render(SymbolFixtures.scene(style: style, features: [label]))
        #expect(SymbolFixtures.count(fresh, VariableAnchorTests.blue, x: 224..<253, y: 250..<262) == 0)
        #expect(SymbolFixtures.count(fresh, VariableAnchorTests.blue, x: 259..<290, y: 250..<262) > 0)
    }

    @Test func anotherStyleStartsAfresh() throws {
        let renderer = MapRenderer()
        let label = SymbolFixtures.pointFeature(2048, 2048, ["kind": .string("label")])
        let blocker = SymbolFixtures.pointFeature(2240, 2048, ["kind": .string("blocker")])
        let style = VariableAnchorTests.style(Self.layout)
        _ = try renderer.render(SymbolFixtures.scene(style: style, features: [label, blocker]))
        // Another style (a different size of text) forgets the anchors labels took.
        let other = VariableAnchorTests.style(Self.layout.replacingOccurrences(of: "\"text-size\":24", with: "\"text-size\":23.5"))
        let restyled = try renderer.render(SymbolFixtures.scene(style: other, features: [label]))
        #expect(SymbolFixtures.count(restyled, VariableAnchorTests.blue, x: 0..<254, y: 0..<512) == 0)
    }

    @Test func aStyleChangedOnlyInPaintKeepsTheAnchors() throws {
        let renderer = MapRenderer()
        let label = SymbolFixtures.pointFeature(2048, 2048, ["kind": .string("label")])
        let blocker = SymbolFixtures.pointFeature(2240, 2048, ["kind": .string("blocker")])
        _ = try renderer.render(SymbolFixtures.scene(style: VariableAnchorTests.style(Self.layout), features: [label, blocker]))
        // The blocker's colour changed at run time (set-paint-property): labels stay where they were.
        let repainted = VariableAnchorTests.style(Self.layout).replacingOccurrences(of: "#ff0000", with: "#ff0001")
        let kept = try renderer.render(SymbolFixtures.scene(style: repainted, features: [label]))
        #expect(SymbolFixtures.count(kept, VariableAnchorTests.blue, x: 224..<253, y: 250..<262) == 29 * 12)
    }
}

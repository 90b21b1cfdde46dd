import Testing
@testable import MapWireSprite

@Suite struct ShelfPackerTests {
    @Test func tallestIconsShareTheFirstShelf() {
        let layout = ShelfPacker.pack([(4, 2), (4, 8), (4, 8), (4, 2)], padding: 1)
        #expect(layout.origins[1] == (0, 0))
        #expect(layout.origins[2].y == 0)
        #expect(layout.width >= 4 && layout.height >= 8)
    }

    @Test func shelvesStackWithPadding() {
        let layout = ShelfPacker.pack([(10, 5), (10, 5), (10, 5), (10, 5), (10, 5)], padding: 1)
        let ys = Set(layout.origins.map(\.y))
        #expect(ys.count > 1)
        #expect(ys.sorted().dropFirst().allSatisfy { $0 % 6 == 0 })
        for origin in layout.origins {
            #expect(origin.x + 10 <= layout.width && origin.y + 5 <= layout.height)
        }
    }

    @Test func aWideIconSetsTheMinimumWidth() {
        let layout = ShelfPacker.pack([(100, 1), (2, 2)], padding: 1)
        #expect(layout.width >= 100)
    }
}

@testable import MapWireRenderer
import Testing

@Suite struct SymbolDrawOrderTests {
    typealias Key = SymbolDrawOrder.Key

    @Test func overlappingSymbolsAreDrawnFromTheTopOfTheScreenDownWithinATile() {
        let keys = [Key(tile: 0, rowY: 300, feature: 0), Key(tile: 0, rowY: 100, feature: 1), Key(tile: 0, rowY: 200, feature: 2)]
        #expect(SymbolDrawOrder.order(keys, byY: true, acrossTiles: false) == [1, 2, 0])
        // Without overlap a tile keeps its placement order.
        #expect(SymbolDrawOrder.order(keys, byY: false, acrossTiles: false) == [0, 1, 2])
    }

    @Test func onOneRowLaterFeaturesComeFirstAndOneFeaturesAnchorsKeepTheirOrder() {
        let keys = [Key(tile: 0, rowY: 5, feature: 1), Key(tile: 0, rowY: 5, feature: 4), Key(tile: 0, rowY: 5, feature: 4)]
        #expect(SymbolDrawOrder.order(keys, byY: true, acrossTiles: false) == [1, 2, 0])
    }

    @Test func tilesAreDrawnInTheReverseOfTheirPlacementOrder() {
        let keys = [Key(tile: 0, rowY: 1, feature: 0), Key(tile: 1, rowY: 9, feature: 0), Key(tile: 1, rowY: 2, feature: 1)]
        #expect(SymbolDrawOrder.order(keys, byY: true, acrossTiles: false) == [2, 1, 0])
        // A sort key orders the whole layer: its placement order is kept.
        #expect(SymbolDrawOrder.order(keys, byY: true, acrossTiles: true) == [0, 1, 2])
    }

    @Test func overlappingLayersArePlacedTileByTileFromTheTopDownLaterFeaturesFirst() {
        let keys = [Key(tile: 1, rowY: 0, feature: 0), Key(tile: 0, rowY: 50, feature: 0), Key(tile: 0, rowY: 10, feature: 1),
                    Key(tile: 0, rowY: 10, feature: 3)]
        #expect(SymbolDrawOrder.placementOrder(keys) == [3, 2, 1, 0])
    }

    @Test func onlyLayersWhoseSymbolsMayOverlapAndHaveNoSortKeySortByHeight() {
        #expect(SymbolDrawOrder.sortsByY(canOverlap: true, hasSortKey: false))
        #expect(!SymbolDrawOrder.sortsByY(canOverlap: false, hasSortKey: false))
        #expect(!SymbolDrawOrder.sortsByY(canOverlap: true, hasSortKey: true))
    }

    @Test func rowsAreWholeTileUnits() {
        // A 512 px tile: 16 units a px.
        #expect(SymbolDrawOrder.row(screenY: 10.5, tileSizeOnScreen: 512) == 168)
        #expect(SymbolDrawOrder.row(screenY: .nan, tileSizeOnScreen: 512) == 0)
        #expect(SymbolDrawOrder.row(screenY: 1e300, tileSizeOnScreen: 512) == 0)
    }
}

@Suite struct MismatchedIconShiftTests {
    @Test func aSpriteAtAnotherPixelRatioLandsOneTexelShortOfACSSPixelUpAndLeft() {
        #expect(MismatchedIconShift.shift(spritePixelRatio: 2, mapPixelRatio: 1) == 0.5)
        #expect(MismatchedIconShift.shift(spritePixelRatio: 1, mapPixelRatio: 0.5) == 0)
        #expect(MismatchedIconShift.shift(spritePixelRatio: 4, mapPixelRatio: 2) == 0.75)
        // Equal ratios copy the icon pixel for pixel: no shift.
        #expect(MismatchedIconShift.shift(spritePixelRatio: 2, mapPixelRatio: 2) == 0)
        #expect(MismatchedIconShift.shift(spritePixelRatio: 0, mapPixelRatio: 1) == 0)
    }
}

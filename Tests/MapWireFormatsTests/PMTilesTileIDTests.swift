import MapWireFormats
import Testing

@Suite struct PMTilesTileIDTests {
    /// The spec's examples, and values the PyPI package computes for the deepest zoom.
    @Test func knownIDs() {
        let known: [(Int, Int, Int, UInt64)] = [
            (0, 0, 0, 0), (1, 0, 0, 1), (1, 0, 1, 2), (1, 1, 1, 3), (1, 1, 0, 4), (2, 0, 0, 5), (2, 3, 3, 15),
            (12, 3423, 1763, 19_078_479), (20, 1, 2, 366_503_875_932),
            (31, 0, 0, 1_537_228_672_809_129_301), (31, (1 << 31) - 1, 0, 6_148_914_691_236_517_204),
            (31, (1 << 31) - 1, (1 << 31) - 1, 4_611_686_018_427_387_903),
        ]
        for (z, x, y, id) in known {
            #expect(PMTilesTileID.id(z: z, x: x, y: y) == id, "\(z)/\(x)/\(y)")
            let back = PMTilesTileID.tile(id)
            #expect(back?.z == z && back?.x == x && back?.y == y, "\(id)")
        }
    }

    @Test func everyTileUpToZoomSixRoundTripsAndIDsAreDense() {
        var expected: UInt64 = 0
        var seen = Set<UInt64>()
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let id = PMTilesTileID.id(z: z, x: x, y: y)!
                    seen.insert(id)
                    let back = PMTilesTileID.tile(id)!
                    #expect(back.z == z && back.x == x && back.y == y)
                }
            }
            expected += UInt64(1) << UInt64(2 * z)
        }
        #expect(seen == Set(0..<expected))
    }

    @Test func tilesOutsideTheGridHaveNoID() {
        #expect(PMTilesTileID.id(z: -1, x: 0, y: 0) == nil)
        #expect(PMTilesTileID.id(z: 32, x: 0, y: 0) == nil)
        #expect(PMTilesTileID.id(z: 2, x: 4, y: 0) == nil)
        #expect(PMTilesTileID.id(z: 2, x: 0, y: -1) == nil)
        #expect(PMTilesTileID.tile(UInt64.max) == nil)
        #expect(PMTilesTileID.tile(6_148_914_691_236_517_205) == nil)
    }
}

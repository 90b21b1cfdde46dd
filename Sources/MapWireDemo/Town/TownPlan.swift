import MapWireNumerics

/// The procedural demo town: a 2 × 2 km street grid with a river, a pond, two parks,
/// about a thousand buildings and a handful of named places. Same seed, same town.
struct TownPlan {
    /// Street centre lines run every `blockSize` metres from -halfSize to +halfSize.
    static let blockSize = 160.0
    static let blocksPerSide = 12
    static var halfSize: Double { blockSize * Double(blocksPerSide) / 2 }
    /// Distance from a street centre line to the first building lot.
    static let streetSetback = 14.0
    static let seed: UInt64 = 0x4D61_7057_6972_6521

    let features: [TownFeature]

    /// The area the tiles must cover, in local metres (a little past the outer streets).
    static var extent: (min: LocalPoint, max: LocalPoint) {
        let edge = halfSize + 80
        return (LocalPoint(x: -edge, y: -edge), LocalPoint(x: edge, y: edge))
    }

    static func generate() -> TownPlan {
        var random = SeededRandom(seed: seed)
        let features = TownNature.features()
            + TownStreets.features()
            + TownBuildings.features(random: &random)
            + TownPointsOfInterest.features()
        return TownPlan(features: features)
    }

    /// The south-west corner of block (column, row), counted from the south-west.
    static func blockOrigin(column: Int, row: Int) -> LocalPoint {
        LocalPoint(x: -halfSize + Double(column) * blockSize, y: -halfSize + Double(row) * blockSize)
    }
}

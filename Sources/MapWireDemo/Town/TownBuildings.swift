import MapWireNumerics

/// Rectangular buildings in rows facing the streets on the south and north side of each block.
enum TownBuildings {
    static func features(random: inout SeededRandom) -> [TownFeature] {
        var buildings: [TownFeature] = []
        for row in 0..<TownPlan.blocksPerSide {
            for column in 0..<TownPlan.blocksPerSide where !TownNature.isOpenSpace(column: column, row: row) {
                let origin = TownPlan.blockOrigin(column: column, row: row)
                for facesNorth in [false, true] {
                    buildings += lotRow(blockOrigin: origin, facesNorth: facesNorth, random: &random)
                }
            }
        }
        return buildings
    }

    /// Splits the block width into lots of 22–34 m and puts one building on most of them.
    private static func lotRow(blockOrigin: LocalPoint, facesNorth: Bool, random: inout SeededRandom) -> [TownFeature] {
        let inner = TownPlan.blockSize - 2 * TownPlan.streetSetback
        let west = blockOrigin.x + TownPlan.streetSetback
        let frontage = facesNorth ? blockOrigin.y + TownPlan.blockSize - TownPlan.streetSetback : blockOrigin.y + TownPlan.streetSetback
        var features: [TownFeature] = []
        var lotStart = 0.0
        while inner - lotStart >= 18 {
            let width = min(random.double(in: 22...34), inner - lotStart)
            let setback = random.double(in: 1...4)
            let depth = random.double(in: 16...30)
            let inset = random.double(in: 1.5...3.5)
            let skip = random.chance(0.08)  // the odd empty lot keeps the rows from looking stamped
            let height = random.int(in: 2...8) * 3
            if !skip {
                let x0 = west + lotStart + inset, x1 = west + lotStart + width - inset
                let nearY = facesNorth ? frontage - setback : frontage + setback
                let farY = facesNorth ? nearY - depth : nearY + depth
                let ring = [LocalPoint(x: x0, y: nearY), LocalPoint(x: x1, y: nearY), LocalPoint(x: x1, y: farY), LocalPoint(x: x0, y: farY)]
                features.append(TownFeature(
                    layer: .building, shape: .polygon(ring), properties: ["height": .int(Int64(height))], minZoom: 14))
            }
            lotStart += width
        }
        return features
    }
}

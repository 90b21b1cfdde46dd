import Foundation

/// Water and green space: a river across the south, a pond in the north-west, two parks.
/// Their blocks get no buildings (see `isOpenSpace`).
enum TownNature {
    /// The block row the river meanders through.
    static let riverRow = 2
    static let pondBlock = (column: 2, row: 9)
    static let parks = [
        (name: "Central Park", column: 7, row: 7),
        (name: "Riverside Green", column: 4, row: 3),
    ]

    static func isOpenSpace(column: Int, row: Int) -> Bool {
        row == riverRow
            || (column == pondBlock.column && row == pondBlock.row)
            || parks.contains { $0.column == column && $0.row == row }
    }

    static func features() -> [TownFeature] {
        [river(), pond()] + parks.map { park(name: $0.name, column: $0.column, row: $0.row) }
    }

    /// A band 56 m wide along a sine-shaped centre line, kept inside its block row.
    private static func river() -> TownFeature {
        let rowCentre = TownPlan.blockOrigin(column: 0, row: riverRow).y + TownPlan.blockSize / 2
        let edge = TownPlan.halfSize + 80
        let xs = stride(from: -edge, through: edge, by: 40).map { $0 }
        let centre = xs.map { LocalPoint(x: $0, y: rowCentre + 40 * sin($0 / 170)) }
        let north = centre.map { LocalPoint(x: $0.x, y: $0.y + 28) }
        let south = centre.reversed().map { LocalPoint(x: $0.x, y: $0.y - 28) }
        return TownFeature(
            layer: .water, shape: .polygon(north + south),
            properties: ["class": .string("river"), "name": .string("Silver River")], minZoom: 12)
    }

    private static func pond() -> TownFeature {
        let origin = TownPlan.blockOrigin(column: pondBlock.column, row: pondBlock.row)
        let centre = LocalPoint(x: origin.x + TownPlan.blockSize / 2, y: origin.y + TownPlan.blockSize / 2)
        let ring = (0..<24).map { step -> LocalPoint in
            let angle = Double(step) / 24 * 2 * .pi
            return LocalPoint(x: centre.x + 58 * cos(angle), y: centre.y + 46 * sin(angle))
        }
        return TownFeature(
            layer: .water, shape: .polygon(ring),
            properties: ["class": .string("lake"), "name": .string("Mill Pond")], minZoom: 12)
    }

    private static func park(name: String, column: Int, row: Int) -> TownFeature {
        let origin = TownPlan.blockOrigin(column: column, row: row)
        let low = TownPlan.streetSetback, high = TownPlan.blockSize - TownPlan.streetSetback
        let ring = [(low, low), (high, low), (high, high), (low, high)].map {
            LocalPoint(x: origin.x + $0.0, y: origin.y + $0.1)
        }
        return TownFeature(
            layer: .landuse, shape: .polygon(ring),
            properties: ["class": .string("park"), "name": .string(name)], minZoom: 12)
    }
}

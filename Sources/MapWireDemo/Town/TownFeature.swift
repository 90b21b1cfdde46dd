import Foundation

/// A position in metres east (x) and north (y) of the town centre.
struct LocalPoint: Equatable {
    var x: Double
    var y: Double
}

/// The vector tile layers the demo town fills.
enum TownLayer: String, CaseIterable {
    // Drawing order, bottom to top.
    case water, landuse, road, building, poi
}

/// One feature of the town plan, before it is cut into tiles.
struct TownFeature {
    enum Shape {
        case point(LocalPoint)
        case line([LocalPoint])
        /// A single open exterior ring.
        case polygon([LocalPoint])
    }

    let layer: TownLayer
    let shape: Shape
    let properties: [String: TileValue]
    /// First zoom at which the feature is put into tiles (buildings are noise at low zooms).
    let minZoom: Int
}

import Foundation
import MapWireGeometry
import MapWireVectorTile

/// Cuts the town plan into XYZ vector tiles.
struct TownTiler {
    static let extent = 4096
    /// Tile units kept beyond each edge so lines and fills join without seams.
    static let buffer = 64.0

    /// A plan feature projected once to Web Mercator world units, with its bounding box.
    private struct ProjectedFeature {
        let source: TownFeature
        let points: [(x: Double, y: Double)]
        let minimum: (x: Double, y: Double)
        let maximum: (x: Double, y: Double)
    }

    private let features: [ProjectedFeature]
    private let worldMinimum: (x: Double, y: Double)
    private let worldMaximum: (x: Double, y: Double)

    init(plan: TownPlan, frame: LocalFrame) {
        func world(_ point: LocalPoint) -> (x: Double, y: Double) {
            let geo = frame.geographic(point)
            return WorldUnits.world(longitude: geo.longitude, latitude: geo.latitude)
        }
        features = plan.features.map { feature in
            let local: [LocalPoint] = switch feature.shape {
            case .point(let p): [p]
            case .line(let points), .polygon(let points): points
            }
            let points = local.map(world)
            return ProjectedFeature(
                source: feature, points: points,
                minimum: (points.map(\.x).min()!, points.map(\.y).min()!),
                maximum: (points.map(\.x).max()!, points.map(\.y).max()!))
        }
        // North is smaller y in world units, hence max.y from the local minimum corner.
        let southWest = world(TownPlan.extent.min), northEast = world(TownPlan.extent.max)
        worldMinimum = (southWest.x, northEast.y)
        worldMaximum = (northEast.x, southWest.y)
    }

    /// XYZ tiles covering the town at `zoom`, row by row from the north-west.
    func tiles(zoom: Int) -> [(x: Int, y: Int)] {
        let first = WorldUnits.tile(worldX: worldMinimum.x, worldY: worldMinimum.y, zoom: zoom)
        let last = WorldUnits.tile(worldX: worldMaximum.x, worldY: worldMaximum.y, zoom: zoom)
        return (first.y...last.y).flatMap { y in (first.x...last.x).map { x in (x, y) } }
    }

    /// The encoded tile, or nil when nothing of the town reaches it.
    func tile(z: Int, x: Int, y: Int) throws -> Data? {
        let scale = Double(1 << z)
        let box = ClipBox(extent: Double(Self.extent), buffer: Self.buffer)
        func toTile(_ p: (x: Double, y: Double)) -> PlanePoint {
            PlanePoint(x: (p.x * scale - Double(x)) * Double(Self.extent), y: (p.y * scale - Double(y)) * Double(Self.extent))
        }

        var layers = Dictionary(uniqueKeysWithValues: TownLayer.allCases.map { ($0, VectorTileLayerBuilder(name: $0.rawValue)) })
        for feature in features where feature.source.minZoom <= z {
            let low = toTile(feature.minimum), high = toTile(feature.maximum)
            guard high.x >= box.minimum, low.x <= box.maximum, high.y >= box.minimum, low.y <= box.maximum else { continue }
            if let geometry = Self.clip(feature.source.shape, points: feature.points.map(toTile), box: box) {
                layers[feature.source.layer]!.addFeature(geometry: geometry, properties: feature.source.properties)
            }
        }

        var tile = VectorTileBuilder()
        TownLayer.allCases.forEach { tile.add(layers[$0]!) }
        return tile.isEmpty ? nil : try tile.serializedData()
    }

    private static func clip(_ shape: TownFeature.Shape, points: [PlanePoint], box: ClipBox) -> TileGeometry? {
        switch shape {
        case .point:
            return box.contains(points[0]) ? .points([rounded(points[0])]) : nil
        case .line:
            let parts = LineClipper.clip(points, to: box).map(roundedPath).filter { $0.count >= 2 }
            return parts.isEmpty ? nil : .lineStrings(parts)
        case .polygon:
            var ring = roundedPath(PolygonClipper.clip(points, to: box))
            if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
            guard ring.count >= 3, RingArea.doubledSignedArea(ring) != 0 else { return nil }
            return .polygons([[ring]])
        }
    }

    private static func rounded(_ p: PlanePoint) -> TilePoint {
        TilePoint(x: Int32(p.x.rounded()), y: Int32(p.y.rounded()))
    }

    /// Rounds to integer tile units and drops points that collapse onto their predecessor.
    private static func roundedPath(_ points: [PlanePoint]) -> [TilePoint] {
        var path: [TilePoint] = []
        for point in points.map(rounded) where path.last != point {
            path.append(point)
        }
        return path
    }
}

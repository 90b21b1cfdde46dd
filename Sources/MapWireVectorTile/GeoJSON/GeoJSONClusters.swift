import Foundation
import MapWireGeometry

/// How a GeoJSON source clusters its points (the style's `cluster*` source options).
public struct GeoJSONClusterOptions: Hashable, Sendable {
    /// Cluster radius in px of a 512 px tile.
    public var radius: Double
    /// The last zoom with clusters; above it every point stands alone.
    public var maxZoom: Int
    public var minPoints: Int

    public init(radius: Double = 50, maxZoom: Int = 17, minPoints: Int = 2) {
        self.radius = radius
        self.maxZoom = maxZoom
        self.minPoints = minPoints
    }
}

/// The points of a GeoJSON source grouped into clusters zoom by zoom, the way GL engines' cluster
/// index (supercluster) groups them: from the deepest zoom up, each point not yet taken takes
/// every untaken neighbour within the radius; enough of them make a cluster at their weighted
/// centre, which the next zoom up clusters again. Clusters carry `cluster`, `cluster_id`,
/// `point_count` and `point_count_abbreviated`; lone points keep their properties.
///
/// Everything is computed in `init` except the per-zoom tilers, which are made on first use.
/// Not Sendable: the renderer's one drawing thread owns it.
public final class GeoJSONClusters {
    struct Item {
        var x: Double, y: Double
        /// Last zoom this item was looked at (∞ = not yet).
        var zoom: Double = .infinity
        /// Feature index for a point, cluster id for a cluster.
        var id: Int
        var count: Int
        var isCluster: Bool
    }

    public let options: GeoJSONClusterOptions
    private let points: [ProjectedFeature]
    /// Items per zoom, 0...maxZoom + 1 (the last: every point alone).
    private let levels: [[Item]]
    private let extent: Int, buffer: Int, tolerance: Double
    private var tilers: [Int: GeoJSONTiler] = [:]

    /// Clusters the single-point features of `source` (other features are left out, as GL's
    /// cluster index leaves them out).
    public init(_ source: GeoJSONTiler, options: GeoJSONClusterOptions) {
        self.options = options
        extent = source.extent
        buffer = source.buffer
        tolerance = source.tolerance
        points = source.pointFeatures
        let maxZoom = max(0, min(options.maxZoom, GeoJSONTiler.zoomRange.upperBound - 1))
        var level = points.enumerated().map { index, feature -> Item in
            guard case .points(let p) = feature.shape else { return Item(x: 0, y: 0, id: index, count: 1, isCluster: false) }
            return Item(x: Self.float(p[0].x), y: Self.float(p[0].y), id: index, count: 1, isCluster: false)
        }
        var levels = [[Item]](repeating: [], count: maxZoom + 2)
        levels[maxZoom + 1] = level
        for z in stride(from: maxZoom, through: 0, by: -1) {
            level = Self.cluster(&level, zoom: z, options: options, pointCount: points.count)
            levels[z] = level
        }
        self.levels = levels
    }

    /// GL's cluster index keeps coordinates as 32-bit floats.
    static func float(_ value: Double) -> Double { Double(Float(value)) }

    /// One zoom's clustering of the zoom below's items (which are marked as looked at).
    static func cluster(_ items: inout [Item], zoom: Int, options: GeoJSONClusterOptions, pointCount: Int) -> [Item] {
        // The radius in world units (the world is 1 wide): radius px of a 512 px tile at this zoom.
        let r = options.radius / (512 * pow(2, Double(zoom)))
        let grid = NeighbourGrid(items.map { (float($0.x), float($0.y)) }, cell: r)
        var next: [Item] = []
        for i in items.indices {
            guard items[i].zoom > Double(zoom) else { continue }
            items[i].zoom = Double(zoom)
            let neighbours = grid.within(float(items[i].x), float(items[i].y), r)
            let origin = items[i].count
            var count = origin
            for k in neighbours where items[k].zoom > Double(zoom) { count += items[k].count }
            if count > origin && count >= options.minPoints {
                var wx = items[i].x * Double(origin), wy = items[i].y * Double(origin)
                // Ids as GL's index makes them: unique per (item, zoom), above every point index.
                let id = (i << 5) + (zoom + 1) + pointCount
                for k in neighbours where items[k].zoom > Double(zoom) {
                    items[k].zoom = Double(zoom)
                    wx += items[k].x * Double(items[k].count)
                    wy += items[k].y * Double(items[k].count)
                }
                next.append(Item(x: wx / Double(count), y: wy / Double(count), id: id, count: count, isCluster: true))
            } else {
                var alone = items[i]
                alone.zoom = .infinity
                next.append(alone)
                if count > 1 {
                    for k in neighbours where items[k].zoom > Double(zoom) {
                        items[k].zoom = Double(zoom)
                        var neighbour = items[k]
                        neighbour.zoom = .infinity
                        next.append(neighbour)
                    }
                }
            }
        }
        return next
    }

    /// A tiler of the clusters and lone points at tile zoom `z` (zooms past the last clustered
    /// one show every point alone).
    public func tiler(atZoom z: Int) -> GeoJSONTiler {
        let level = min(max(0, z), levels.count - 1)
        if let known = tilers[level] { return known }
        let features = levels[level].map { item -> ProjectedFeature in
            if !item.isCluster {
                var feature = points[item.id]
                feature.shape = .points([PlanePoint(x: item.x, y: item.y)])
                return feature
            }
            let properties: [String: FeatureValue] = [
                "cluster": .bool(true), "cluster_id": .int(Int64(item.id)), "point_count": .int(Int64(item.count)),
                "point_count_abbreviated": Self.abbreviated(item.count),
            ]
            return ProjectedFeature(id: UInt64(item.id), properties: properties, point: PlanePoint(x: item.x, y: item.y))
        }
        let tiler = GeoJSONTiler(projected: features, extent: extent, buffer: buffer, maxZoom: levels.count - 1, tolerance: tolerance)
        tilers[level] = tiler
        return tiler
    }

    /// 1234 → "1.2k", 12345 → "12k"; below 1000 the count itself.
    static func abbreviated(_ count: Int) -> FeatureValue {
        if count >= 10000 { return .string("\(Int((Double(count) / 1000).rounded()))k") }
        if count >= 1000 { return .string("\((Double(count) / 100).rounded() / 10)k") }
        return .int(Int64(count))
    }
}

/// Points in square cells of the search radius, so a radius search looks at 3 × 3 cells.
struct NeighbourGrid {
    let points: [(x: Double, y: Double)]
    let cell: Double
    var cells: [Int64: [Int]] = [:]

    init(_ points: [(Double, Double)], cell: Double) {
        self.points = points.map { (x: $0.0, y: $0.1) }
        self.cell = max(cell, 1e-12)
        for (i, p) in self.points.enumerated() { cells[key(p.x, p.y), default: []].append(i) }
    }

    private func index(_ v: Double) -> Int64 { Int64((v / cell).rounded(.down)) }
    private func key(_ x: Double, _ y: Double) -> Int64 { key(index(x), index(y)) }
    private func key(_ cx: Int64, _ cy: Int64) -> Int64 { cx &* 1_000_003 &+ cy }

    /// Indices of the points within `r` of (x, y), in index order.
    func within(_ x: Double, _ y: Double, _ r: Double) -> [Int] {
        let cx = index(x), cy = index(y)
        var found: [Int] = []
        for dx in -1...1 {
            for dy in -1...1 {
                for i in cells[key(cx + Int64(dx), cy + Int64(dy))] ?? [] {
                    let ddx = points[i].x - x, ddy = points[i].y - y
                    if ddx * ddx + ddy * ddy <= r * r { found.append(i) }
                }
            }
        }
        return found.sorted()
    }
}

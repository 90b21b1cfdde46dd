import MapWireCanvas
import MapWireVectorTile

/// Where features of a line layer meet end to end, and how their butt ends are drawn there.
///
/// GL antialiases a line only across its width: where one feature ends and the next begins (a road
/// split into pieces) the two butt ends meet with hard edges, every pixel along the shared end
/// belongs wholly to one of them, and the road looks whole. A stroke antialiases its
/// ends too, so each piece half-covered the pixels there and the junction showed a pale seam across
/// the road. Reaching half a device pixel past a shared end gives each such pixel to at least one
/// piece in full (the two coverages are f + ½ and 1½ − f), while the pieces' sides still blend one
/// over the other as GL's separate draws do. Only opaque solid lines are extended: a translucent one
/// (or a blurred one, translucent across its width) would blend twice in the overlap, which GL's hard
/// ends do not, and a dashed one would shift its dashes. Pure: points in, points out.
enum LineJunctions {
    /// Lines thinner than this many device px are left as they are: across them the seam is mostly
    /// their own side antialiasing, and the half pixel where two pieces overlap blends those sides
    /// twice, which darkens more than the seam lightened.
    static let minimumDeviceWidth = 2.0

    /// One end of a line: its end point and the point before it.
    struct End: Hashable {
        let point: TilePoint
        let neighbour: TilePoint
    }

    /// The ends of a tile's lines where another line goes on straight ahead (within 30°). At a turn
    /// GL's hard ends leave the wedge between the two pieces open: those ends are left as they are.
    static func continuedEnds(_ features: [VectorFeature]) -> Set<End> {
        var endsAt: [TilePoint: [End]] = [:]
        for feature in features where feature.type == .lineString {
            for line in feature.geometry where line.count >= 2 {
                let n = line.count
                endsAt[line[0], default: []].append(End(point: line[0], neighbour: line[1]))
                endsAt[line[n - 1], default: []].append(End(point: line[n - 1], neighbour: line[n - 2]))
            }
        }
        var continued = Set<End>()
        for ends in endsAt.values where ends.count >= 2 {
            for i in ends.indices {
                for j in ends.indices where j > i && goStraightOn(ends[i], ends[j]) {
                    continued.insert(ends[i])
                    continued.insert(ends[j])
                }
            }
        }
        return continued
    }

    /// Whether two ends at one point point away from each other within 30°.
    static func goStraightOn(_ a: End, _ b: End) -> Bool {
        let ax = Double(a.point.x) - Double(a.neighbour.x), ay = Double(a.point.y) - Double(a.neighbour.y)
        let bx = Double(b.point.x) - Double(b.neighbour.x), by = Double(b.point.y) - Double(b.neighbour.y)
        let lengths = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
        guard lengths > 0 else { return false }
        return (ax * bx + ay * by) / lengths < -(3.0.squareRoot() / 2)
    }

    /// `points` (screen px) with its first and/or last point moved `distance` further along its end
    /// segment.
    static func extended(_ points: [Point2D], start: Bool, end: Bool, by distance: Double) -> [Point2D] {
        guard points.count >= 2, start || end, distance > 0 else { return points }
        var result = points
        func push(_ index: Int, awayFrom neighbour: Point2D) {
            let p = result[index]
            let dx = p.x - neighbour.x, dy = p.y - neighbour.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return }
            result[index] = Point2D(x: p.x + dx / length * distance, y: p.y + dy / length * distance)
        }
        if start { push(0, awayFrom: points[1]) }
        if end { push(points.count - 1, awayFrom: points[points.count - 2]) }
        return result
    }
}

import MapWireGeometry
import MapWireCanvas
import MapWireVectorTile

/// Where labels go along a line: distances along its projected path, every `spacing` px, only
/// in the stretches that lie inside the tile (the buffer belongs to the neighbours, which place
/// their own anchors there).
enum LineAnchors {
    /// A part of the path inside the tile, as distances along the path.
    struct Stretch: Equatable {
        var start: Double
        var end: Double
        /// The line enters the tile here from a neighbour rather than starting here.
        var continued: Bool
    }

    static func anchors(along path: ScreenPath, inside stretches: [Stretch], spacing requested: Double,
                        labelLength: Double, fontSize: Double) -> [Double] {
        guard path.length >= labelLength, requested > 0 else { return [] }
        // Long labels need room between them.
        let spacing = requested - labelLength < requested / 4 ? labelLength + requested / 4 : requested
        let half = labelLength / 2
        func fits(_ d: Double) -> Bool { d - half >= 0 && d + half <= path.length }
        var result: [Double] = []
        for stretch in stretches {
            // A line starting in this tile gets its first label near its start; one arriving
            // from a neighbour continues that neighbour's rhythm at half a spacing from the edge.
            let offset = stretch.continued
                ? spacing / 2
                : (half + 2 * fontSize).truncatingRemainder(dividingBy: spacing)
            var found = false
            var d = stretch.start + offset
            while d < stretch.end {
                if fits(d) {
                    result.append(d)
                    found = true
                }
                d += spacing
            }
            // A short line that starts here still gets a label at its middle when it fits.
            if !found, !stretch.continued {
                let middle = (stretch.start + stretch.end) / 2
                if fits(middle) { result.append(middle) }
            }
        }
        return result
    }

    /// The stretches of `path` (projected from `line`) inside the tile square 0...extent.
    static func stretches(of path: ScreenPath, line: [TilePoint], extent: Int, projection: TileProjection) -> [Stretch] {
        let e = Double(extent)
        var result: [Stretch] = []
        for k in 0..<max(0, path.points.count - 1) {
            let a = line[path.sourceIndex[k]], b = line[path.sourceIndex[k + 1]]
            let ax = Double(a.x), ay = Double(a.y), dx = Double(b.x) - ax, dy = Double(b.y) - ay
            guard let (t0, t1) = clip(ax, ay, dx, dy, extent: e) else { continue }
            func distance(_ t: Double) -> Double {
                if t <= 0 { return path.distances[k] }
                if t >= 1 { return path.distances[k + 1] }
                let p = projection.point(x: ax + dx * t, y: ay + dy * t), s = path.points[k]
                return path.distances[k] + ((p.x - s.x) * (p.x - s.x) + (p.y - s.y) * (p.y - s.y)).squareRoot()
            }
            let start = distance(t0), end = distance(t1)
            if var last = result.last, abs(last.end - start) < 1e-6 {
                last.end = end
                result[result.count - 1] = last
            } else {
                result.append(Stretch(start: start, end: end, continued: !(k == 0 && t0 == 0)))
            }
        }
        return result
    }

    /// The parameter range of segment (x, y) + t·(dx, dy), t in 0...1, inside the square 0...e; nil when
    /// nothing of it (or a single point) is inside.
    static func clip(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, extent e: Double) -> (Double, Double)? {
        guard let range = LineClipper.segmentRange(from: PlanePoint(x: x, y: y), dx: dx, dy: dy, in: ClipBox(minimum: 0, maximum: e)),
              range.enter < range.leave else { return nil }
        return (range.enter, range.leave)
    }
}

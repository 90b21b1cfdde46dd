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

    /// GL's anchors: each stretch is a line of its own (GL clips the line to the tile first). Anchors
    /// every `spacing` px, the first half a spacing in on a line arriving from a neighbour, else half
    /// the label plus `fixedExtra` (two glyph sizes) in, modulo the spacing; in a tile drawn past its
    /// source's zoom (`overscaling` times its size) those offsets grow with it before the modulo, so the
    /// anchors fall where the parent tile's would (MapLibre GL JS's get_anchors.ts); only where the whole
    /// label fits on the stretch and `accepts` (GL's text-max-angle check) passes. A stretch starting
    /// here that gets none tries its middle. A label long against the spacing keeps a quarter spacing
    /// clear between repeats.
    static func anchors(along path: ScreenPath, inside stretches: [Stretch], spacing requested: Double,
                        labelLength: Double, fixedExtra: Double, overscaling: Double = 1,
                        accepts: (Double) -> Bool = { _ in true }) -> [Double] {
        guard requested > 0, path.points.count >= 2 else { return [] }
        let spacing = requested - labelLength < requested / 4 ? labelLength + requested / 4 : requested
        let half = labelLength / 2
        var result: [Double] = []
        for stretch in stretches {
            let length = stretch.end - stretch.start
            func resample(from offset: Double) -> [Double] {
                var found: [Double] = []
                var d = offset
                while d < length {
                    if d - half >= 0, d + half <= length, accepts(stretch.start + d) { found.append(stretch.start + d) }
                    d += spacing
                }
                return found
            }
            let offset = stretch.continued
                ? (spacing / 2 * overscaling).truncatingRemainder(dividingBy: spacing)
                : ((half + fixedExtra) * overscaling).truncatingRemainder(dividingBy: spacing)
            var found = resample(from: offset)
            if found.isEmpty, !stretch.continued { found = resample(from: length / 2) }
            result += found
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

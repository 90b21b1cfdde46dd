import MapWireCanvas

/// Where GL engines draw a line as separate overlapping legs instead of one outline.
///
/// GL tessellates a line into quads, one per segment, joined at each vertex. At a turn sharper
/// than 120° (the miter would be more than twice the width) a bevel or miter join is "flipped":
/// both legs end square at the vertex and overlap each other near it. A translucent line is then
/// darker where its legs overlap, and a cased line (line-gap-width) shows both legs' edges. To
/// match, a polyline is split at such corners and each leg stroked on its own.
enum LineSharpCorners {
    /// Miter length (in half-widths) past which GL flips a bevel join.
    static let flipLength = 2.0

    /// The legs of `points` between sharp corners (the whole line when it has none). A closed ring
    /// with a sharp corner becomes open legs that start and end at its sharp corners.
    static func legs(_ points: [Point2D], closed: Bool, join: LineJoin, miterLimit: Double) -> [[Point2D]] {
        // Round joins stay whole: cairo's round join covers what GL's two round caps cover.
        guard points.count >= 3, join != .round else { return [points] }
        var ring = points
        if closed, let last = ring.last, last == ring[0] { ring.removeLast() }
        let n = ring.count
        guard n >= 3 else { return [points] }
        let range = closed ? Array(0..<n) : Array(1..<(n - 1))
        let sharp = range.filter { isSharp(ring[($0 + n - 1) % n], ring[$0], ring[($0 + 1) % n], join: join, miterLimit: miterLimit) }
        guard let first = sharp.first else { return [points] }
        // An open sequence of indices that starts (and, for a ring, ends) at a sharp corner.
        let order: [Int] = closed ? (0...n).map { (first + $0) % n } : Array(0..<n)
        let cuts = Set(sharp)
        var legs: [[Point2D]] = []
        var current: [Point2D] = []
        for (k, index) in order.enumerated() {
            current.append(ring[index])
            let isEnd = k == order.count - 1
            if cuts.contains(index) && current.count >= 2 || isEnd {
                if current.count >= 2 { legs.append(current) }
                current = [ring[index]]
            }
        }
        return legs
    }

    /// True when the turn at `b` (from `a` to `c`) gets a flipped bevel in GL.
    static func isSharp(_ a: Point2D, _ b: Point2D, _ c: Point2D, join: LineJoin, miterLimit: Double) -> Bool {
        let ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        guard lu > 0, lv > 0 else { return false }
        // cos of half the angle between the segment normals = cos of half the turn.
        let cosTurn = (ux * vx + uy * vy) / (lu * lv)
        let cosHalf = ((1 + cosTurn) / 2).squareRoot()
        let miterLength = cosHalf > 0 ? 1 / cosHalf : .infinity
        if join == .miter && miterLength <= miterLimit { return false }
        return miterLength > flipLength
    }
}

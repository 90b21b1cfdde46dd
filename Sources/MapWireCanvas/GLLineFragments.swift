import Foundation

/// The pixels a GL engine's one-pixel `LINES` primitive covers, with the coverage its fill-outline
/// shader gives them: one pixel per step along the line's major axis (the pixel whose centre is
/// nearest the line across it), faded by 1 − smoothstep(0, 1, distance from the pixel centre to the
/// line's position attribute there). GL antialiases a fill's edge this way, outside the hard-edged
/// triangles. Under perspective that attribute is interpolated perspective-correctly (by 1/w), so
/// on an edge running into the distance it lags behind the pixel and the fade swallows the outline:
/// `qa`, `qb` are the ends' 1/w (any common scale; equal when flat). Device pixels in, device pixels
/// out; pure.
public enum GLLineFragments {
    public struct Fragment: Equatable, Sendable {
        public var x: Int, y: Int
        /// Coverage in 0...1.
        public var alpha: Double
    }

    /// The fragments of the segment a → b (half-open: the pixel whose centre b reaches is left to the
    /// next segment), limited to the box 0..<width × 0..<height.
    public static func fragments(_ a: Point2D, _ b: Point2D, qa: Double = 1, qb: Double = 1, width: Int, height: Int) -> [Fragment] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return [] }
        let xMajor = abs(dx) >= abs(dy)
        // Walk the major axis: pixel centres c + 0.5 from the one at or after the start to the one before the end.
        let (start, end) = xMajor ? (a.x, b.x) : (a.y, b.y)
        let low = min(start, end), high = max(start, end)
        let limit = xMajor ? width : height, across = xMajor ? height : width
        let first = max(0, Int((low - 0.5).rounded(.up))), last = min(limit - 1, Int((high - 0.5).rounded(.up)) - 1)
        guard first <= last else { return [] }
        var result: [Fragment] = []
        result.reserveCapacity(last - first + 1)
        for i in first...last {
            let centre = Double(i) + 0.5
            let t = xMajor ? (centre - a.x) / dx : (centre - a.y) / dy
            let minor = xMajor ? a.y + dy * t : a.x + dx * t
            let j = Int(minor.rounded(.down))
            guard j >= 0, j < across else { continue }
            let px = xMajor ? centre : Double(j) + 0.5, py = xMajor ? Double(j) + 0.5 : centre
            // The pixel centre's place along the line on screen, then the attribute's (perspective-correct).
            let s = ((px - a.x) * dx + (py - a.y) * dy) / (length * length)
            let denominator = (1 - s) * qa + s * qb
            let u = denominator > 0 ? s * qb / denominator : s
            let vx = a.x + dx * u - px, vy = a.y + dy * u - py
            let distance = (vx * vx + vy * vy).squareRoot()
            let alpha = 1 - smoothstep(distance)
            guard alpha > 0 else { continue }
            result.append(xMajor ? Fragment(x: i, y: j, alpha: alpha) : Fragment(x: j, y: i, alpha: alpha))
        }
        return result
    }

    static func smoothstep(_ x: Double) -> Double {
        let t = min(1, max(0, x))
        return t * t * (3 - 2 * t)
    }
}

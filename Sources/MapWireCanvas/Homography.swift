/// A plane-to-plane perspective map (a 3×3 matrix): (x, y) → ((a·x + b·y + c) / w, (d·x + e·y + f) / w)
/// with w = g·x + h·y + i. A plane seen by a perspective camera (the map under pitch, a wall, a
/// roof) reaches the screen through one of these, so its inverse gives, for each screen pixel, where
/// on the plane (in a pattern's pixels, say) that pixel lies. Pure value type.
public struct Homography: Equatable, Sendable {
    /// Row-major: a b c / d e f / g h i.
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9, "a homography has nine entries")
        self.m = m
    }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The affine map (x, y) → (xx·x + xy·y + x0, yx·x + yy·y + y0).
    public static func affine(xx: Double, xy: Double, x0: Double, yx: Double, yy: Double, y0: Double) -> Homography {
        Homography([xx, xy, x0, yx, yy, y0, 0, 0, 1])
    }

    /// The map whose columns are where (1, 0), (0, 1) go as directions and where (0, 0) goes, each
    /// in homogeneous coordinates (x·w, y·w, w): a plane's parametrisation seen by a camera.
    public init(columnS s: (Double, Double, Double), columnT t: (Double, Double, Double), origin o: (Double, Double, Double)) {
        self.init([s.0, t.0, o.0, s.1, t.1, o.1, s.2, t.2, o.2])
    }

    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The homogeneous weight at (x, y): positive on the side of the plane the camera sees.
    @inline(__always)
    public func weight(_ x: Double, _ y: Double) -> Double { m[6] * x + m[7] * y + m[8] }

    /// `self` after `other`: (self ∘ other)(p) = self(other(p)).
    public func after(_ other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                r[row * 3 + column] = (0..<3).reduce(0) { $0 + m[row * 3 + $1] * other.m[$1 * 3 + column] }
            }
        }
        return Homography(r)
    }

    /// The inverse map, nil when the matrix is singular (a plane seen edge on).
    public var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        let scale = m.reduce(0) { max($0, abs($1)) }
        guard det.isFinite, abs(det) > 1e-12 * scale * scale * scale else { return nil }
        return Homography([A / det, -(b * i - c * h) / det, (b * f - c * e) / det,
                           B / det, (a * i - c * g) / det, -(a * f - c * d) / det,
                           C / det, -(a * h - b * g) / det, (a * e - b * d) / det])
    }

    /// Whether the map is affine (no perspective), up to rounding: then cairo can draw it.
    public var isAffine: Bool {
        let scale = max(abs(m[8]), 1e-300)
        return abs(m[6]) * 1e6 < scale && abs(m[7]) * 1e6 < scale
    }

    /// How many units of the target one unit of the source spans at (x, y), on average over both
    /// axes (the square root of the local area ratio): e.g. pattern pixels per screen pixel.
    public func scale(at x: Double, _ y: Double) -> Double {
        let w = weight(x, y)
        let (u, v) = apply(x, y)
        // Jacobian of a projective map: rows (m0 − u·m6, m1 − u·m7) / w and (m3 − v·m6, m4 − v·m7) / w.
        let j00 = (m[0] - u * m[6]) / w, j01 = (m[1] - u * m[7]) / w
        let j10 = (m[3] - v * m[6]) / w, j11 = (m[4] - v * m[7]) / w
        return abs(j00 * j11 - j01 * j10).squareRoot()
    }
}

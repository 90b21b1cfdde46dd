/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing curve: the Bézier from (0,0) to (1,1) with two control
/// points. `value(at:)` takes the progress of time (the curve's x) and returns the progress of the
/// animation (its y), solving x(t) = progress for the curve parameter t.
public struct CubicBezierEasing: Equatable, Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// x1 and x2 are clamped to 0...1 (as CSS requires) so x(t) rises monotonically and has one solution.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// CSS `ease`, the default for camera animations.
    public static let ease = CubicBezierEasing(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    public static let linear = CubicBezierEasing(x1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = CubicBezierEasing(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = CubicBezierEasing(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Animation progress for a time progress; 0 at or before 0, exactly 1 at or after 1.
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return Self.bezier(parameter(forX: progress), y1, y2)
    }

    /// Newton's method converges in a few steps on most curves; where the slope flattens
    /// (control points near the ends) it can stall, so bisection finishes the job.
    func parameter(forX x: Double) -> Double {
        let tolerance = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < tolerance { return t }
            let slope = Self.bezierSlope(t, x1, x2)
            guard abs(slope) > 1e-9 else { break }
            let next = t - error / slope
            guard next >= 0, next <= 1 else { break }
            t = next
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<100 {
            let value = Self.bezier(t, x1, x2)
            if abs(value - x) < tolerance { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// One coordinate of the curve with end points 0 and 1 and control values p1, p2.
    static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    static func bezierSlope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }
}

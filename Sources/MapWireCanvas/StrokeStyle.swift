/// How the ends of open sub-paths are drawn.
public enum LineCap: Sendable {
    case butt, round, square
}

/// How corners between segments are drawn.
public enum LineJoin: Sendable {
    case miter, round, bevel
}

/// Which regions of a self-overlapping path count as inside.
public enum FillRule: Sendable {
    case nonZero, evenOdd
}

/// Line geometry for `Canvas.stroke`; all lengths are logical pixels.
public struct StrokeStyle: Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Alternating dash and gap lengths in px; empty means a solid line.
    public var dash: [Double]
    public var dashOffset: Double

    public init(
        width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 2,
        dash: [Double] = [], dashOffset: Double = 0
    ) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashOffset = dashOffset
    }

    /// Cairo puts the whole context into a permanent error state for a dash array with a negative
    /// entry or a zero total, so such arrays are drawn as solid lines instead.
    var usableDash: [Double]? {
        guard !dash.isEmpty,
              dash.allSatisfy({ $0 >= 0 && $0.isFinite }),
              dash.reduce(0, +) > 0
        else { return nil }
        return dash
    }
}

import Foundation

/// How the fraction between two stops is shaped: `["linear"]`, `["exponential", base]`,
/// `["cubic-bezier", x1, y1, x2, y2]`.
enum InterpolationCurve: Sendable {
    case linear
    case exponential(base: Double)
    case cubicBezier(UnitBezier)

    /// The 0...1 weight of the upper stop for `input` between `lower` and `upper`.
    func factor(input: Double, lower: Double, upper: Double) -> Double {
        let range = upper - lower
        guard range != 0 else { return 0 }
        let progress = input - lower
        switch self {
        case .linear:
            return progress / range
        case .exponential(let base):
            // base^progress grows from 1 to base^range; base 1 degenerates to linear.
            if base == 1 { return progress / range }
            return (pow(base, progress) - 1) / (pow(base, range) - 1)
        case .cubicBezier(let curve):
            return curve.solve(progress / range)
        }
    }
}

/// A CSS-style easing curve through (0,0), (x1,y1), (x2,y2), (1,1): y for a given x.
struct UnitBezier: Sendable {
    private let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        // Polynomial coefficients of B(t) = ((a t + b) t + c) t for each axis.
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func solve(_ x: Double) -> Double {
        sampleY(parameter(forX: min(max(x, 0), 1)))
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Newton's method first (fast when the slope is healthy), bisection when it is not.
    private func parameter(forX x: Double) -> Double {
        let epsilon = 1e-7
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        while low < high {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if x > value { low = t } else { high = t }
            let next = (low + high) / 2
            if next == t { break }
            t = next
        }
        return t
    }
}

/// Blends two stop outputs: numbers, colours, and equal-length arrays of numbers.
enum ValueInterpolation {
    static func interpolate(
        _ from: StyleValue, _ to: StyleValue, _ t: Double, colorSpace: InterpolationColorSpace
    ) throws(EvaluationError) -> StyleValue {
        switch (from, to) {
        case (.number(let a), .number(let b)):
            return .number(ColorInterpolation.mix(a, b, t))
        case (.color(let a), .color(let b)):
            return .color(ColorInterpolation.interpolate(a, b, t, in: colorSpace))
        case (.array(let a), .array(let b)) where a.count == b.count:
            var blended: [StyleValue] = []
            blended.reserveCapacity(a.count)
            for (x, y) in zip(a, b) {
                guard case .number(let p) = x, case .number(let q) = y else {
                    throw EvaluationError("cannot interpolate arrays that hold non-numbers")
                }
                blended.append(.number(ColorInterpolation.mix(p, q, t)))
            }
            return .array(blended)
        default:
            throw EvaluationError("cannot interpolate \(TypeNames.of(from)) and \(TypeNames.of(to))")
        }
    }

    static func isInterpolatable(_ value: StyleValue) -> Bool {
        switch value {
        case .number, .color: return true
        case .array(let items): return items.allSatisfy { $0.number != nil }
        default: return false
        }
    }
}

/// `interpolate`, `interpolate-hcl`, `interpolate-lab`.
struct InterpolateNode: ExpressionNode {
    let curve: InterpolationCurve
    let colorSpace: InterpolationColorSpace
    let input: any ExpressionNode
    let stops: [Double]
    let outputs: [any ExpressionNode]
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard case .number(let value) = try input.evaluate(context) else {
            throw EvaluationError("interpolate input is not a number")
        }
        guard let index = StopSearch.lastIndex(atOrBelow: value, in: stops) else {
            return try outputs[0].evaluate(context)
        }
        if index == stops.count - 1 { return try outputs[index].evaluate(context) }
        let t = curve.factor(input: value, lower: stops[index], upper: stops[index + 1])
        let lower = try outputs[index].evaluate(context)
        let upper = try outputs[index + 1].evaluate(context)
        return try ValueInterpolation.interpolate(lower, upper, t, colorSpace: colorSpace)
    }
}

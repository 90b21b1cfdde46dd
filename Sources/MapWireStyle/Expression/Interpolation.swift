import Foundation

/// How the fraction between two stops is shaped: `["linear"]`, `["exponential", base]`,
/// `["cubic-bezier", x1, y1, x2, y2]`.
enum InterpolationCurve: Sendable {
    case linear
    case exponential(base: Double)
    case cubicBezier(UnitBezier)

    /// The 0...1 weight of the upper stop for `input` between `lower` and `upper`.
    func factor(input: Double, lower: Double, upper: Double) -> Double {
        switch self {
        case .linear: return Self.exponentialFactor(input: input, base: 1, lower: lower, upper: upper)
        case .exponential(let base): return Self.exponentialFactor(input: input, base: base, lower: lower, upper: upper)
        case .cubicBezier(let curve): return curve.solve(Self.exponentialFactor(input: input, base: 1, lower: lower, upper: upper))
        }
    }

    /// base^progress grows from 1 to base^range: the fraction of that growth reached (linear for base 1).
    private static func exponentialFactor(input: Double, base: Double, lower: Double, upper: Double) -> Double {
        let difference = upper - lower
        let progress = input - lower
        if difference == 0 { return 0 }
        if base == 1 { return progress / difference }
        return (pow(base, progress) - 1) / (pow(base, difference) - 1)
    }
}

/// A CSS-style easing curve through (0,0), (x1,y1), (x2,y2), (1,1): y for a given x, solved as the
/// reference engines solve it (a few Newton steps, then bisection, to within 1e-6).
struct UnitBezier: Sendable {
    private let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func solve(_ x: Double) -> Double {
        sampleY(parameter(forX: x))
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    private func parameter(forX x: Double) -> Double {
        let epsilon = 1e-6
        if x < 0 { return 0 }
        if x > 1 { return 1 }
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
        for _ in 0..<20 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { break }
            if x > value { low = t } else { high = t }
            t = (high - low) * 0.5 + low
        }
        return t
    }
}

/// Blends two stop outputs of an interpolatable type.
enum ValueInterpolation {
    static func interpolate(
        _ from: StyleValue, _ to: StyleValue, _ t: Double, colorSpace: InterpolationColorSpace, key: String = ""
    ) throws(EvaluationError) -> StyleValue {
        switch (from, to) {
        case (.number(let a), .number(let b)):
            return .number(mix(a, b, t))
        case (.color(let a), .color(let b)):
            return .color(ColorInterpolation.interpolate(a, b, t, in: colorSpace))
        case (.padding(let a), .padding(let b)):
            return .padding(mix(a, b, t))
        case (.numberArray(let a), .numberArray(let b)):
            return .numberArray(mix(a, b, t))
        case (.colorArray(let a), .colorArray(let b)):
            guard a.count == b.count else {
                throw EvaluationError("colorArray: Arrays have mismatched length (\(a.count) vs. \(b.count)), cannot interpolate.")
            }
            return .colorArray(zip(a, b).map { ColorInterpolation.interpolate($0, $1, t, in: colorSpace) })
        case (.anchorOffsets(let a), .anchorOffsets(let b)):
            return .anchorOffsets(try anchorOffsets(a, b, t, key: key))
        case (.array(let a), .array(let b)):
            return .array(mix(a.map { $0.number ?? .nan }, b.map { $0.number ?? .nan }, t).map(StyleValue.number))
        default:
            throw EvaluationError("Cannot interpolate \(from.expressionType) and \(to.expressionType).", path: key)
        }
    }

    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

    /// Item by item over the first array's length (a shorter second array gives NaN, as in JavaScript).
    private static func mix(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        a.enumerated().map { mix($0.element, $0.offset < b.count ? b[$0.offset] : .nan, t) }
    }

    private static func anchorOffsets(_ a: [AnchorOffset], _ b: [AnchorOffset], _ t: Double, key: String) throws(EvaluationError) -> [AnchorOffset] {
        guard a.count == b.count else {
            throw EvaluationError(
                "Cannot interpolate values of different length. from: \(StyleValue.anchorOffsets(a).jsonText), to: \(StyleValue.anchorOffsets(b).jsonText)",
                path: key)
        }
        var result: [AnchorOffset] = []
        for (index, (from, to)) in zip(a, b).enumerated() {
            guard from.anchor == to.anchor else {
                throw EvaluationError(
                    "Cannot interpolate values containing mismatched anchors. from[\(index * 2)]: \(from.anchor), to[\(index * 2)]: \(to.anchor)",
                    path: key)
            }
            result.append(AnchorOffset(anchor: from.anchor, x: mix(from.x, to.x, t), y: mix(from.y, to.y, t)))
        }
        return result
    }
}

/// `interpolate`, `interpolate-hcl`, `interpolate-lab`.
final class InterpolateNode: ExpressionNode {
    let type: ExpressionType
    let curve: InterpolationCurve
    let colorSpace: InterpolationColorSpace
    let input: any ExpressionNode
    let labels: [Double]
    let outputs: [any ExpressionNode]
    let key: String
    let inputs: ExpressionInputs

    init(type: ExpressionType, curve: InterpolationCurve, colorSpace: InterpolationColorSpace, input: any ExpressionNode,
         labels: [Double], outputs: [any ExpressionNode], key: String) {
        self.type = type
        self.curve = curve
        self.colorSpace = colorSpace
        self.input = input
        self.labels = labels
        self.outputs = outputs
        self.key = key
        self.inputs = ([input] + outputs).combinedInputs
    }

    var children: [any ExpressionNode] { [input] + outputs }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let index: Int, value: Double
        switch try StopSearch.position(of: input, among: labels, context, key: key) {
        case .at(let stop): return try outputs[stop].evaluate(context)
        case .between(let stop, let input):
            index = stop
            value = input
        }
        let t = curve.factor(input: value, lower: labels[index], upper: labels[index + 1])
        let lower = try outputs[index].evaluate(context)
        let upper = try outputs[index + 1].evaluate(context)
        if type == .projectionDefinition {
            return .projection(ProjectionTransition(from: lower, to: upper, transition: t))
        }
        return try ValueInterpolation.interpolate(lower, upper, t, colorSpace: colorSpace, key: key)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        let name = items[0].string ?? ""
        guard items.count > 1, case .array(let curveItems) = items[1], let curveName = curveItems.first else {
            return context.error("Expected an interpolation type expression.", 1)
        }
        let curve: InterpolationCurve
        switch curveName {
        case .string("linear"):
            curve = .linear
        case .string("exponential"):
            guard curveItems.count > 1, case .number(let base) = curveItems[1] else {
                return context.error("Exponential interpolation requires a numeric base.", 1, 1)
            }
            curve = .exponential(base: base)
        case .string("cubic-bezier"):
            let points = curveItems.dropFirst().compactMap { value -> Double? in
                guard case .number(let n) = value, n >= 0, n <= 1 else { return nil }
                return n
            }
            guard curveItems.count == 5, points.count == 4 else {
                return context.error("Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.", 1)
            }
            curve = .cubicBezier(UnitBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3]))
        default:
            return context.error("Unknown interpolation type \(ValueConversion.javaScriptString(curveName))", 1, 0)
        }
        guard items.count - 1 >= 4 else { return context.error("Expected at least 4 arguments, but found only \(items.count - 1).") }
        guard (items.count - 1) % 2 == 0 else { return context.error("Expected an even number of arguments.") }
        guard let input = context.parse(items[2], 2, expecting: .number) else { return nil }
        var outputType: ExpressionType?
        let colorSpace: InterpolationColorSpace = name == "interpolate-hcl" ? .hcl : name == "interpolate-lab" ? .lab : .rgb
        if colorSpace != .rgb && context.expectedType != .colorArray {
            outputType = .color
        } else {
            outputType = context.expectedType.flatMap { $0 == .value ? nil : $0 }
        }
        var labels: [Double] = []
        var outputs: [any ExpressionNode] = []
        for labelIndex in stride(from: 3, to: items.count, by: 2) {
            guard case .number(let label) = items[labelIndex] else {
                return context.error("Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", labelIndex)
            }
            if let last = labels.last, last >= label {
                return context.error("Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order.", labelIndex)
            }
            guard let output = context.parse(items[labelIndex + 1], labelIndex + 1, expecting: outputType) else { return nil }
            outputType = outputType ?? output.type
            labels.append(label)
            outputs.append(output)
        }
        let type = outputType ?? .value
        guard isInterpolatable(type) else { return context.error("Type \(type) is not interpolatable.") }
        return InterpolateNode(type: type, curve: curve, colorSpace: colorSpace, input: input, labels: labels, outputs: outputs, key: context.key)
    }

    private static func isInterpolatable(_ type: ExpressionType) -> Bool {
        switch type {
        case .number, .projectionDefinition, .color, .padding, .numberArray, .colorArray, .variableAnchorOffsetCollection: return true
        case .array(.number, let count): return count != nil
        default: return false
        }
    }
}

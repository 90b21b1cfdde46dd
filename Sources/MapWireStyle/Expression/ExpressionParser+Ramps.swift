/// `step` and `interpolate` (plus its hcl and lab forms).
extension ExpressionParser {
    /// `["step", input, output0, stop1, output1, …]`
    func parseStep(_ call: Call, expectsColor: Bool) throws(StyleExpressionError) -> any ExpressionNode {
        guard call.argumentCount >= 2, call.argumentCount % 2 == 0 else {
            throw call.fail("expects an input, a first output and stop/output pairs")
        }
        let input = try call.parse(1, with: self)
        var outputs = [try call.parse(2, with: self, expectsColor: expectsColor)]
        let stops = try stopInputs(call, from: 3)
        for index in stride(from: 4, to: call.items.count, by: 2) {
            outputs.append(try call.parse(index, with: self, expectsColor: expectsColor))
        }
        return StepNode(input: input, stops: stops, outputs: outputs, inputs: ([input] + outputs).combinedInputs)
    }

    /// `["interpolate", curve, input, stop1, output1, …]`
    func parseInterpolate(_ call: Call, colorSpace: InterpolationColorSpace, expectsColor: Bool)
        throws(StyleExpressionError) -> any ExpressionNode
    {
        guard call.argumentCount >= 4, call.argumentCount % 2 == 0 else {
            throw call.fail("expects a curve, an input and at least one stop/output pair")
        }
        let curve = try parseCurve(call)
        let input = try call.parse(2, with: self)
        let stops = try stopInputs(call, from: 3)
        // Colour strings as outputs make a colour ramp even where no colour was asked for.
        var colorOutputs = expectsColor
        if case .string(let text) = call.items[4], StyleColor(css: text) != nil { colorOutputs = true }
        var outputs: [any ExpressionNode] = []
        for index in stride(from: 4, to: call.items.count, by: 2) {
            outputs.append(try call.parse(index, with: self, expectsColor: colorOutputs))
        }
        return InterpolateNode(
            curve: curve, colorSpace: colorSpace, input: input, stops: stops, outputs: outputs,
            inputs: ([input] + outputs).combinedInputs)
    }

    private func parseCurve(_ call: Call) throws(StyleExpressionError) -> InterpolationCurve {
        let path = call.pathOf(1)
        guard case .array(let parts) = call.items[1], case .string(let kind)? = parts.first else {
            throw .invalid(message: "interpolation type must be [\"linear\"], [\"exponential\", base] or [\"cubic-bezier\", …]", path: path)
        }
        let curveCall = Call(name: kind, items: parts, path: path)
        switch kind {
        case "linear":
            try curveCall.requireArguments(0...0)
            return .linear
        case "exponential":
            try curveCall.requireArguments(1...1)
            return .exponential(base: try curveCall.literalNumber(1))
        case "cubic-bezier":
            try curveCall.requireArguments(4...4)
            let x1 = try curveCall.literalNumber(1), y1 = try curveCall.literalNumber(2)
            let x2 = try curveCall.literalNumber(3), y2 = try curveCall.literalNumber(4)
            guard (0...1).contains(x1), (0...1).contains(x2) else {
                throw curveCall.fail("control point x values must be between 0 and 1")
            }
            return .cubicBezier(UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2))
        default:
            throw .invalid(message: "unknown interpolation type \"\(kind)\"", path: path + "[0]")
        }
    }

    /// Literal stop inputs at every other item from `start`, strictly ascending.
    private func stopInputs(_ call: Call, from start: Int) throws(StyleExpressionError) -> [Double] {
        var stops: [Double] = []
        for index in stride(from: start, to: call.items.count, by: 2) {
            let stop = try call.literalNumber(index)
            if let previous = stops.last, stop <= previous {
                throw call.fail("stop inputs must be in strictly ascending order", at: index)
            }
            stops.append(stop)
        }
        return stops
    }
}

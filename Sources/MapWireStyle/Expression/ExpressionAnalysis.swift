/// The specification's static analyses of a parsed expression: what may be folded into a constant at
/// parse time, and where the zoom curve of a zoom-dependent property expression is.
enum ExpressionAnalysis {
    /// Whether `node` gives the same value wherever it is evaluated. Type annotations are looked through
    /// (they may be added after their argument was parsed); anything else needs literal arguments.
    static func isConstant(_ node: any ExpressionNode) -> Bool {
        if let variable = node as? VarNode { return isConstant(variable.bound) }
        guard node.isFoldable else { return false }
        let isAnnotation = node is AssertionNode || node is CoercionNode
        for child in node.children {
            if isAnnotation ? !isConstant(child) : !(child is LiteralNode) { return false }
        }
        return node.inputs.isDisjoint(with: ExpressionInputs.globals.union(.feature))
    }

    /// The curve a zoom-dependent property expression interpolates or steps along: the `step` or
    /// `interpolate` on ["zoom"] at the top, under `let`s and `coalesce`s only. nil when there is none,
    /// a parsing error when zoom is used anywhere else.
    static func zoomCurve(_ node: any ExpressionNode) -> ZoomCurve? {
        var result: ZoomCurve? = nil
        if let binding = node as? LetNode {
            result = zoomCurve(binding.body)
        } else if let coalesce = node as? CoalesceNode {
            for argument in coalesce.arguments {
                result = zoomCurve(argument)
                if result != nil { break }
            }
        } else if let step = node as? StepNode, isZoom(step.input) {
            result = .step(step)
        } else if let interpolate = node as? InterpolateNode, isZoom(interpolate.input) {
            result = .interpolate(interpolate)
        }
        if case .error? = result { return result }
        for child in node.children {
            let childResult = zoomCurve(child)
            if case .error? = childResult {
                result = childResult
            } else if result == nil, childResult != nil {
                result = .error(ZoomCurve.misplaced)
            } else if let current = result, let childResult, !current.isSame(as: childResult) {
                result = .error("Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression.")
            }
        }
        return result
    }

    private static func isZoom(_ node: any ExpressionNode) -> Bool {
        (node as? CompoundNode)?.name == "zoom"
    }
}

/// The zoom curve of a property expression, or why it has no proper one.
enum ZoomCurve {
    case step(StepNode)
    case interpolate(InterpolateNode)
    case error(String)

    static let misplaced = "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."

    /// The same curve node (the specification compares them by identity).
    func isSame(as other: ZoomCurve) -> Bool {
        switch (self, other) {
        case (.step(let a), .step(let b)): return a === b
        case (.interpolate(let a), .interpolate(let b)): return a === b
        default: return false
        }
    }
}

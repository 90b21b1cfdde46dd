/// The errors one compilation collects; shared by every context of that compilation (the specification's
/// parser reports errors by pushing them and returning nothing).
final class ParsingErrorLog {
    var errors: [ExpressionParsingError] = []
}

/// `let` bindings in scope while parsing.
final class BindingScope: Sendable {
    let parent: BindingScope?
    let bindings: [String: any ExpressionNode]

    init(parent: BindingScope?, bindings: [(String, any ExpressionNode)]) {
        self.parent = parent
        self.bindings = Dictionary(bindings, uniquingKeysWith: { _, last in last })
    }

    func lookup(_ name: String) -> (any ExpressionNode)? {
        bindings[name] ?? parent?.lookup(name)
    }
}

/// How a parsed expression is fitted to the type its context expects when it is not already of that type.
enum TypeAnnotation {
    /// Checked at run time (`number`, `string`, … over a `value`).
    case assert
    /// Converted at run time (`to-color`, `to-string`, … over a `value` or a string).
    case coerce
    /// Left as it is (`coalesce`'s arguments, which may be null).
    case omit
}

/// Where parsing is in an expression: the path of indices to here, the type expected here, the bindings
/// in scope. Mirrors the specification's ParsingContext, error messages and all.
struct ParsingContext {
    let path: [Int]
    let key: String
    let expectedType: ExpressionType?
    let scope: BindingScope?
    let log: ParsingErrorLog
    /// The style's global state when it is known at compile time (a renderer compiling a style): what
    /// `global-state` reads when the evaluation brings none.
    let globalState: [String: StyleValue]?

    init(path: [Int] = [], expectedType: ExpressionType? = nil, scope: BindingScope? = nil, log: ParsingErrorLog = ParsingErrorLog(),
         globalState: [String: StyleValue]? = nil) {
        self.path = path
        self.key = path.map { "[\($0)]" }.joined()
        self.expectedType = expectedType
        self.scope = scope
        self.log = log
        self.globalState = globalState
    }

    var errors: [ExpressionParsingError] { log.errors }

    /// Parses `json`, as argument `index` of the expression at this context when an index (not 0) is given,
    /// else in this very context (its path and expected type), as the specification does.
    func parse(
        _ json: StyleValue, _ index: Int? = nil, expecting expected: ExpressionType? = nil,
        bindings: [(String, any ExpressionNode)]? = nil, annotation: TypeAnnotation? = nil
    ) -> (any ExpressionNode)? {
        if let index, index != 0 {
            return concat(index, expecting: expected, bindings: bindings).parseHere(json, annotation: annotation)
        }
        return parseHere(json, annotation: annotation)
    }

    /// A context for argument `index`, expecting `expected` (nothing in particular when nil).
    func concat(_ index: Int?, expecting expected: ExpressionType? = nil, bindings: [(String, any ExpressionNode)]? = nil) -> ParsingContext {
        ParsingContext(
            path: index.map { path + [$0] } ?? path, expectedType: expected,
            scope: bindings.map { BindingScope(parent: scope, bindings: $0) } ?? scope, log: log, globalState: globalState)
    }

    /// A context at the same place with its own error log, for trying a signature without reporting.
    func trial() -> ParsingContext {
        ParsingContext(path: path, expectedType: nil, scope: scope, log: ParsingErrorLog(), globalState: globalState)
    }

    /// Records an error at this context, or at its argument(s) `indices`; returns nil for `return error(…)`.
    @discardableResult
    func error(_ message: String, _ indices: Int...) -> (any ExpressionNode)? {
        log.errors.append(ExpressionParsingError(key: key + indices.map { "[\($0)]" }.joined(), message: message))
        return nil
    }

    /// Records the mismatch when `actual` cannot stand where `expected` is asked; true when it cannot.
    @discardableResult
    func checkSubtype(_ expected: ExpressionType, _ actual: ExpressionType) -> Bool {
        guard let message = ExpressionType.subtypeError(expected: expected, actual: actual) else { return false }
        error(message)
        return true
    }

    private func parseHere(_ json: StyleValue, annotation: TypeAnnotation?) -> (any ExpressionNode)? {
        let items: [StyleValue]
        switch json {
        case .null, .bool, .number, .string: items = [.string("literal"), json]
        case .array(let array): items = array
        case .object: return error("Bare objects invalid. Use [\"literal\", {...}] instead.")
        default: return error("Expected an array, but found \(json.expressionType) instead.")
        }
        guard let first = items.first else {
            return error("Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []].")
        }
        guard case .string(let name) = first else {
            return error("Expression name must be a string, but found \(Self.javaScriptTypeName(first)) instead. If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        guard let parseFunction = ExpressionRegistry.parser(for: name) else {
            return error("Unknown expression \"\(name)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        guard var parsed = parseFunction(items, self) else { return nil }
        if let expected = expectedType {
            let actual = parsed.type
            if ["string", "number", "boolean", "object", "array"].contains(expected.kind) && actual == .value {
                parsed = annotate(parsed, expected, annotation ?? .assert)
            } else if Self.isCoercible(expected: expected, actual: actual) {
                parsed = annotate(parsed, expected, annotation ?? .coerce)
            } else if checkSubtype(expected, actual) {
                return nil
            }
        }
        // A node whose arguments are all known gives the same answer every time: compute it now. Image
        // references are left for evaluation, which knows which images the style has.
        if !(parsed is LiteralNode), parsed.type != .resolvedImage, ExpressionAnalysis.isConstant(parsed) {
            do {
                parsed = LiteralNode(type: parsed.type, value: try parsed.evaluate(EvaluationContext(zoom: .nan)))
            } catch {
                return self.error(error.message)
            }
        }
        return parsed
    }

    /// The expected types reached from another type by a run-time conversion rather than a check.
    private static func isCoercible(expected: ExpressionType, actual: ExpressionType) -> Bool {
        let from = actual.kind
        switch expected.kind {
        case "projectionDefinition": return ["string", "array", "value"].contains(from)
        case "color", "formatted", "resolvedImage": return ["value", "string"].contains(from)
        case "padding", "numberArray": return ["value", "number", "array"].contains(from)
        case "colorArray": return ["value", "string", "array"].contains(from)
        case "variableAnchorOffsetCollection": return ["value", "array"].contains(from)
        default: return false
        }
    }

    private func annotate(_ node: any ExpressionNode, _ type: ExpressionType, _ annotation: TypeAnnotation) -> any ExpressionNode {
        switch annotation {
        case .assert: return AssertionNode(type: type, arguments: [node], key: key)
        case .coerce: return CoercionNode(type: type, arguments: [node], key: key)
        case .omit: return node
        }
    }

    /// JavaScript's `typeof` of a JSON value.
    static func javaScriptTypeName(_ value: StyleValue) -> String {
        switch value {
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        default: "object"
        }
    }
}

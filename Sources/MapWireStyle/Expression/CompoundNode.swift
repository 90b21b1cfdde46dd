/// An operator with typed signatures whose arguments are parsed against them (most operators): `+`,
/// `get`, `rgb`, `concat` … The body evaluates the arguments it needs, so `all` and `any` can stop early.
struct CompoundNode: ExpressionNode {
    typealias Body = @Sendable (_ arguments: [any ExpressionNode], _ context: EvaluationContext, _ key: String)
        throws(EvaluationError) -> StyleValue

    let name: String
    let type: ExpressionType
    let arguments: [any ExpressionNode]
    let key: String
    let inputs: ExpressionInputs
    private let body: Body

    init(name: String, type: ExpressionType, arguments: [any ExpressionNode], key: String, reads: ExpressionInputs, body: @escaping Body) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.key = key
        self.inputs = reads.union(arguments.combinedInputs)
        self.body = body
    }

    var children: [any ExpressionNode] { arguments }
    var isFoldable: Bool { name != "error" }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try body(arguments, context, key)
    }
}

/// The parameter types of one signature of an operator: fixed, or any number of one type.
enum OperatorSignature: Sendable {
    case fixed([ExpressionType])
    case varargs(ExpressionType)

    var text: String {
        switch self {
        case .fixed(let types): "(" + types.map(\.description).joined(separator: ", ") + ")"
        case .varargs(let type): "(\(type)...)"
        }
    }

    func type(at index: Int) -> ExpressionType {
        switch self {
        case .fixed(let types): types[index]
        case .varargs(let type): type
        }
    }
}

/// An operator's result type and its signatures, each with the body that evaluates it and what it reads
/// besides its arguments.
struct OperatorDefinition: Sendable {
    struct Overload: Sendable {
        let signature: OperatorSignature
        let reads: ExpressionInputs
        let body: CompoundNode.Body
    }

    let type: ExpressionType
    let overloads: [Overload]

    init(_ type: ExpressionType, _ overloads: [Overload]) {
        self.type = type
        self.overloads = overloads
    }

    init(_ type: ExpressionType, _ parameters: [ExpressionType], reads: ExpressionInputs = [], _ body: @escaping CompoundNode.Body) {
        self.init(type, [Overload(signature: .fixed(parameters), reads: reads, body: body)])
    }

    init(_ type: ExpressionType, varargs: ExpressionType, _ body: @escaping CompoundNode.Body) {
        self.init(type, [Overload(signature: .varargs(varargs), reads: [], body: body)])
    }

    /// Parses `items` against each signature in turn, as the specification's CompoundExpression does: the
    /// first whose arguments all parse to its types wins; otherwise its errors, or (when several were
    /// possible) one listing the signatures and the argument types found.
    func parse(_ name: String, _ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        let argumentCount = items.count - 1
        let candidates = overloads.filter {
            if case .fixed(let types) = $0.signature { return types.count == argumentCount }
            return true
        }
        var lastTrial: ParsingContext? = nil
        for overload in candidates {
            let trial = context.trial()
            lastTrial = trial
            var parsed: [any ExpressionNode] = []
            var failed = false
            for index in items.indices.dropFirst() {
                guard let argument = trial.parse(items[index], 1 + parsed.count, expecting: overload.signature.type(at: index - 1)) else {
                    failed = true
                    break
                }
                parsed.append(argument)
            }
            if failed { continue }
            for (index, argument) in parsed.enumerated() {
                trial.concat(index + 1).checkSubtype(overload.signature.type(at: index), argument.type)
            }
            if trial.errors.isEmpty {
                return CompoundNode(name: name, type: type, arguments: parsed, key: context.key, reads: overload.reads, body: overload.body)
            }
        }
        if candidates.count == 1, let lastTrial {
            context.log.errors += lastTrial.errors
        } else {
            let listed = (candidates.isEmpty ? overloads : candidates).map(\.signature.text).joined(separator: " | ")
            var actual: [String] = []
            for index in items.indices.dropFirst() {
                guard let argument = context.parse(items[index], 1 + actual.count) else { return nil }
                actual.append(argument.type.description)
            }
            context.error("Expected arguments of type \(listed), but found (\(actual.joined(separator: ", "))) instead.")
        }
        return nil
    }
}

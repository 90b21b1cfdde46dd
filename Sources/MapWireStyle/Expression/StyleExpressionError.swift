/// A failure while evaluating: the specification's message and the path of the sub-expression that
/// threw it ("[2][1]"; empty for the whole expression).
struct EvaluationError: Error {
    let message: String
    var path: String

    init(_ message: String, path: String = "") {
        self.message = message
        self.path = path
    }

    /// A value of another type than its node's static type promised.
    static func unexpected(_ value: StyleValue, _ expected: String) -> EvaluationError {
        EvaluationError("Expected value to be of type \(expected), but found \(value.expressionType) instead.")
    }
}

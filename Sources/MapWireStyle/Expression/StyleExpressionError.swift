/// Why a style value could not be compiled. `path` locates the offending piece inside the JSON given,
/// e.g. "[2][1]" (empty for the whole value).
public enum StyleExpressionError: Error, Equatable, CustomStringConvertible {
    /// The input holds something JSON cannot (a Date, a custom object …).
    case notJSON
    case unknownOperator(name: String, path: String)
    case wrongArgumentCount(operator: String, expected: String, got: Int, path: String)
    case invalidColor(String, path: String)
    case invalid(message: String, path: String)

    public var description: String {
        switch self {
        case .notJSON:
            return "value is not JSON"
        case .unknownOperator(let name, let path):
            return Self.located("unknown expression operator \"\(name)\"", path)
        case .wrongArgumentCount(let name, let expected, let got, let path):
            return Self.located("\"\(name)\" expects \(expected) argument(s), got \(got)", path)
        case .invalidColor(let text, let path):
            return Self.located("\"\(text)\" is not a colour", path)
        case .invalid(let message, let path):
            return Self.located(message, path)
        }
    }

    private static func located(_ message: String, _ path: String) -> String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}

/// A failure while evaluating; never escapes the module: evaluation turns it into `.null`.
struct EvaluationError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

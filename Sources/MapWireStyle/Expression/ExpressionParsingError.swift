/// One reason an expression does not compile, located by `key`, the path of indices into the expression
/// ("[2][1]"; empty for the whole), with the specification's message.
public struct ExpressionParsingError: Equatable, Sendable, CustomStringConvertible {
    public let key: String
    public let message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { key.isEmpty ? message : "\(key): \(message)" }
}

/// Every reason an expression (or a legacy function or filter) did not compile, in the order they were found.
public struct ExpressionParsingErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [ExpressionParsingError]

    public init(_ errors: [ExpressionParsingError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "; ") }

    /// The input holds something JSON cannot (a Date, a custom object …).
    public static let notJSON = ExpressionParsingErrors([ExpressionParsingError(key: "", message: "value is not JSON")])

    /// One problem at `path`.
    public static func invalid(message: String, path: String) -> ExpressionParsingErrors {
        ExpressionParsingErrors([ExpressionParsingError(key: path, message: message)])
    }

    public static func invalidColor(_ text: String, path: String) -> ExpressionParsingErrors {
        invalid(message: "Could not parse color from value '\(text)'", path: path)
    }
}

/// Why a style value could not be compiled.
public typealias StyleExpressionError = ExpressionParsingErrors

/// A JSON-like value an expression produces.
public indirect enum StyleValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(StyleColor)
    case array([StyleValue])
    case object([String: StyleValue])
    /// For text-field "format".
    case formatted([FormattedSection])

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var color: StyleColor? {
        if case .color(let value) = self { return value }
        return nil
    }

    public var array: [StyleValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var object: [String: StyleValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }
}

/// One run of text in a `format` result, with the options that override the layer's.
public struct FormattedSection: Equatable, Sendable {
    public var text: String
    public var scale: Double?
    public var fontStack: [String]?
    public var color: StyleColor?

    public init(text: String, scale: Double? = nil, fontStack: [String]? = nil, color: StyleColor? = nil) {
        self.text = text
        self.scale = scale
        self.fontStack = fontStack
        self.color = color
    }
}

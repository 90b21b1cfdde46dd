/// A value an expression produces: JSON's values, plus the value types the style specification adds
/// (colours, formatted text, image references, collators, paddings, number and colour arrays, variable
/// anchor offsets, projection transitions).
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
    /// An `image` result (the specification's `resolvedImage`).
    case image(StyleImageReference)
    case collator(StyleCollator)
    /// Four values in CSS order: top, right, bottom, left.
    case padding([Double])
    case numberArray([Double])
    case colorArray([StyleColor])
    /// `text-variable-anchor-offset`'s anchor/offset pairs.
    case anchorOffsets([AnchorOffset])
    /// A projection part way between two (`interpolate` of projections).
    case projection(ProjectionTransition)

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

/// One run of text in a `format` result, with the options that override the layer's, or an image.
public struct FormattedSection: Equatable, Sendable {
    public var text: String
    public var scale: Double?
    public var fontStack: [String]?
    public var color: StyleColor?
    /// An image placed in the text instead of `text` (which is then empty).
    public var image: StyleImageReference?
    /// "bottom", "center" or "top".
    public var verticalAlign: String?

    public init(
        text: String, scale: Double? = nil, fontStack: [String]? = nil, color: StyleColor? = nil,
        image: StyleImageReference? = nil, verticalAlign: String? = nil
    ) {
        self.text = text
        self.scale = scale
        self.fontStack = fontStack
        self.color = color
        self.image = image
        self.verticalAlign = verticalAlign
    }
}

/// An image named by an `image` expression, and whether the style has it.
public struct StyleImageReference: Equatable, Sendable {
    public var name: String
    public var available: Bool

    public init(name: String, available: Bool) {
        self.name = name
        self.available = available
    }
}

/// One anchor of `text-variable-anchor-offset` with its offset in ems.
public struct AnchorOffset: Equatable, Sendable {
    public var anchor: String
    public var x: Double
    public var y: Double

    public init(anchor: String, x: Double, y: Double) {
        self.anchor = anchor
        self.x = x
        self.y = y
    }
}

/// A projection on its way from one to another; `from` and `to` are the projections as the style gave them.
public struct ProjectionTransition: Equatable, Sendable {
    public var from: StyleValue
    public var to: StyleValue
    public var transition: Double

    public init(from: StyleValue, to: StyleValue, transition: Double) {
        self.from = from
        self.to = to
        self.transition = transition
    }
}

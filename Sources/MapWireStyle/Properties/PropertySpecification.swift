/// What the style specification says about one paint or layout property, as far as compiling its
/// expressions needs: the value type, whether data and zoom expressions are allowed, whether they may
/// interpolate, and the default. Read from a property's entry in the specification's JSON (`v8.json`).
public struct PropertySpecification: Sendable {
    /// "number", "string", "color", "boolean", "enum", "array", "formatted", "padding", "resolvedImage" …;
    /// nil when the property's type is not constrained.
    public var type: String?
    /// For "array": the item type ("number", "string", "enum" …).
    public var itemType: String?
    /// For "array" of a fixed length.
    public var length: Int?
    /// For "enum": the allowed values.
    public var enumValues: [String]
    /// "data-driven", "cross-faded-data-driven", "data-constant", "color-ramp", "constant".
    public var propertyType: String?
    /// Whether expressions are allowed at all (the specification's `expression` member is present).
    public var acceptsExpressions: Bool
    /// The expression's parameters: "zoom", "feature", "feature-state", "heatmap-density" …
    public var parameters: [String]
    /// Whether expressions of this property may interpolate.
    public var interpolated: Bool
    /// Whether legacy string values may hold "{property}" tokens.
    public var tokens: Bool
    public var defaultValue: StyleValue?
    /// The range a number (or each number of a number array) must be in, where the reference gives one.
    public var minimum: Double?
    public var maximum: Double?
    /// Whether changes may transition (a `<name>-transition` paint property is allowed).
    public var transition: Bool
    /// Whether the property must be given (the terrain's `source`).
    public var required: Bool

    public init(
        type: String?, itemType: String? = nil, length: Int? = nil, enumValues: [String] = [],
        propertyType: String? = "data-driven", acceptsExpressions: Bool = true, parameters: [String] = ["zoom", "feature"],
        interpolated: Bool = true, tokens: Bool = false, defaultValue: StyleValue? = nil,
        minimum: Double? = nil, maximum: Double? = nil, transition: Bool = false, required: Bool = false
    ) {
        self.type = type
        self.itemType = itemType
        self.length = length
        self.enumValues = enumValues
        self.propertyType = propertyType
        self.acceptsExpressions = acceptsExpressions
        self.parameters = parameters
        self.interpolated = interpolated
        self.tokens = tokens
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.transition = transition
        self.required = required
    }

    /// A property entry of the specification's JSON: `{"type", "value", "length", "values", "property-type",
    /// "expression": {"interpolated", "parameters"}, "tokens", "default", "minimum", "maximum", "transition", "required"}`.
    public init(json: StyleValue) {
        let members = json.object ?? [:]
        type = members["type"]?.string
        itemType = members["value"]?.string
        length = members["length"]?.number.flatMap { Int(exactly: $0) }
        switch members["values"] {
        case .object(let values)?: enumValues = values.keys.sorted()
        case .array(let values)?: enumValues = values.compactMap(\.string)
        default: enumValues = []
        }
        propertyType = members["property-type"]?.string
        let expression = members["expression"]?.object
        acceptsExpressions = expression != nil
        parameters = expression?["parameters"]?.array?.compactMap(\.string) ?? []
        interpolated = expression?["interpolated"]?.bool ?? false
        tokens = members["tokens"]?.bool ?? false
        defaultValue = members["default"]
        minimum = members["minimum"]?.number
        maximum = members["maximum"]?.number
        transition = members["transition"]?.bool ?? false
        required = members["required"]?.bool ?? false
    }

    /// Data expressions (reading the feature) are allowed.
    public var supportsDataExpressions: Bool {
        propertyType == "data-driven" || propertyType == "cross-faded-data-driven"
    }

    /// Zoom expressions are allowed.
    public var supportsZoomExpressions: Bool { acceptsExpressions && parameters.contains("zoom") }

    /// `interpolate` may be used on zoom.
    public var supportsInterpolation: Bool { acceptsExpressions && interpolated }
}

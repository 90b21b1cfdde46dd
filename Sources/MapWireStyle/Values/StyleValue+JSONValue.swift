import MapWireJSON

extension StyleValue {
    /// A JSON value as a style value: every number a double, as in JavaScript.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let value): self = .number(Double(value))
        case .uint(let value): self = .number(Double(value))
        case .number(let value): self = .number(value)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(StyleValue.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.key, StyleValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

extension StyleValue {
    /// The value as JSON: what a query returns of a feature's state. Values that came from JSON convert
    /// as they were; other kinds (colours, formatted text, …) as their `to-string` text.
    public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let value): .number(value)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.jsonValue))
        case .object(let members): .object(members.keys.sorted().map { JSONMember($0, members[$0]!.jsonValue) })
        default: .string(displayString)
        }
    }
}

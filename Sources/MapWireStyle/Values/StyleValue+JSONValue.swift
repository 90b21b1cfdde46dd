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

import MapWireJSON

extension StyleValue {
    /// The text a value shows as (the spec's `to-string` rules): null is "", numbers print as
    /// JavaScript prints them, colours as "rgba(r,g,b,a)", arrays and objects as JSON.
    public var displayString: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JavaScriptNumber.string(value)
        case .string(let value): return value
        case .color(let color): return Self.cssString(color)
        case .formatted(let sections): return sections.map(\.text).joined()
        case .array, .object: return jsonText
        }
    }

    /// Compact JSON, keys sorted so the text is stable.
    var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool, .number: return displayString
        case .string(let value): return Self.quoted(value)
        case .color, .formatted: return Self.quoted(displayString)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            let body = members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.jsonText }
            return "{" + body.joined(separator: ",") + "}"
        }
    }

    static func cssString(_ color: StyleColor) -> String {
        let channels = [color.r, color.g, color.b].map { JavaScriptNumber.string(($0 * 255).rounded()) }
        return "rgba(" + channels.joined(separator: ",") + "," + JavaScriptNumber.string(color.a) + ")"
    }

    /// A JSON string literal, escaped as the one JSON writer escapes.
    private static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized
    }
}

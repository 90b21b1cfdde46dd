import MapWireJSON

extension StyleValue {
    /// The text a value shows as (the specification's `to-string`): null is "", numbers print as JavaScript
    /// prints them, colours as "rgba(r,g,b,a)", an image as its name, formatted text as its text, a
    /// projection on its way as [from, to, t], and the rest as JavaScript's JSON.stringify writes them.
    public var displayString: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JavaScriptNumber.string(value)
        case .string(let value): return value
        case .color(let color): return Self.cssString(color)
        case .formatted(let sections): return sections.map(\.text).joined()
        case .image(let image): return image.name
        case .projection(let projection):
            if projection.from == projection.to && projection.transition == 1 { return projection.from.displayString }
            return StyleValue.array([projection.from, projection.to, .number(projection.transition)]).jsonText
        case .padding(let values), .numberArray(let values): return StyleValue.array(values.map(StyleValue.number)).jsonText
        case .colorArray, .anchorOffsets, .array, .object, .collator: return jsonText
        }
    }

    /// Compact JSON as JavaScript's JSON.stringify writes the value (object keys sorted, since a
    /// dictionary keeps no order); non-finite numbers are null.
    var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool: return displayString
        case .number(let value): return value.isFinite ? displayString : "null"
        case .string(let value): return Self.quoted(value)
        case .image(let image): return Self.quoted(image.name)
        case .color(let color):
            let rgba = color.premultiplied
            return "{" + zip(["r", "g", "b", "a"], rgba).map { "\"\($0)\":" + StyleValue.number($1).jsonText }.joined(separator: ",") + "}"
        case .formatted(let sections):
            let items = sections.map { section -> String in
                let members: [(String, StyleValue)] = [
                    ("text", .string(section.text)), ("image", section.image.map(StyleValue.image) ?? .null),
                    ("scale", section.scale.map(StyleValue.number) ?? .null),
                    ("fontStack", section.fontStack.map { .string($0.joined(separator: ",")) } ?? .null),
                    ("textColor", section.color.map(StyleValue.color) ?? .null),
                    ("verticalAlign", section.verticalAlign.map(StyleValue.string) ?? .null),
                ]
                return "{" + members.map { Self.quoted($0.0) + ":" + $0.1.jsonText }.joined(separator: ",") + "}"
            }
            return "{\"sections\":[" + items.joined(separator: ",") + "]}"
        case .padding(let values), .numberArray(let values):
            return "{\"values\":" + StyleValue.array(values.map(StyleValue.number)).jsonText + "}"
        case .colorArray(let colors):
            return StyleValue.array(colors.map(StyleValue.color)).jsonText
        case .anchorOffsets(let pairs):
            return StyleValue.array(pairs.flatMap { [.string($0.anchor), .array([.number($0.x), .number($0.y)])] }).jsonText
        case .projection(let projection):
            return "{\"from\":" + projection.from.jsonText + ",\"to\":" + projection.to.jsonText
                + ",\"transition\":" + StyleValue.number(projection.transition).jsonText + "}"
        case .collator(let collator):
            return "{\"locale\":" + (collator.locale.map(Self.quoted) ?? "null") + ",\"sensitivity\":"
                + Self.quoted(collator.sensitivity) + ",\"collator\":{}}"
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            let body = members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.jsonText }
            return "{" + body.joined(separator: ",") + "}"
        }
    }

    /// "rgba(r,g,b,a)" with channels rounded to 0...255, as the specification prints colours.
    static func cssString(_ color: StyleColor) -> String {
        let channels = [color.r, color.g, color.b].map { JavaScriptNumber.string(JavaScriptMath.round($0 * 255)) }
        return "rgba(" + channels.joined(separator: ",") + "," + JavaScriptNumber.string(color.a) + ")"
    }

    /// A JSON string literal, escaped as the one JSON writer escapes.
    private static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized
    }
}

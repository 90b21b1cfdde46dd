import MapWireJSON
import MapWireStyle

/// A value as the harness sees it when it compares outputs: plain JSON values stay as they are, a result
/// typed `color` becomes `[r, g, b, a]`, and GL's value classes are compared by their own fields.
/// GL keeps colours premultiplied by alpha, and so does this shape.
public enum ExpressionOutputShape {
    public static func json(_ value: StyleValue, staticTypeIsColor: Bool) -> JSONValue {
        if staticTypeIsColor, case .color(let color) = value {
            return .array(premultiplied(color).map(JSONValue.number))
        }
        return json(value)
    }

    public static func json(_ value: StyleValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(json))
        case .object(let members): return .object(members.keys.sorted().map { JSONMember($0, json(members[$0]!)) })
        case .color(let color): return .object(zip(["r", "g", "b", "a"], premultiplied(color)).map { JSONMember($0, .number($1)) })
        case .formatted(let sections):
            return .object([JSONMember("sections", .array(sections.map { .object([JSONMember("text", .string($0.text))]) }))])
        }
    }

    private static func premultiplied(_ color: StyleColor) -> [Double] {
        [color.r * color.a, color.g * color.a, color.b * color.a, color.a]
    }
}

import MapWireJSON
import MapWireStyle

/// A value as the harness sees it when it compares outputs: plain JSON values stay as they are, a result
/// typed `color` becomes `[r, g, b, a]`, and GL's value classes are compared by their own fields (a colour
/// elsewhere is `{r, g, b, a}`, an image `{name, available}`, a formatted string `{sections}` …).
/// GL keeps colours premultiplied by alpha, and so does this shape.
public enum ExpressionOutputShape {
    public static func json(_ value: StyleValue, staticTypeIsColor: Bool) -> JSONValue {
        if staticTypeIsColor, case .color(let color) = value {
            return .array(color.premultiplied.map(JSONValue.number))
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
        case .color(let color): return colorObject(color)
        case .formatted(let sections): return .object([JSONMember("sections", .array(sections.map(section)))])
        case .image(let image): return imageObject(image)
        case .collator(let collator):
            return .object([JSONMember("locale", collator.locale.map(JSONValue.string) ?? .null),
                            JSONMember("sensitivity", .string(collator.sensitivity)), JSONMember("collator", .object([]))])
        case .padding(let values), .numberArray(let values):
            return .object([JSONMember("values", .array(values.map(JSONValue.number)))])
        case .colorArray(let colors):
            return .object([JSONMember("values", .array(colors.map(colorObject)))])
        case .anchorOffsets(let pairs):
            let values = pairs.flatMap { [JSONValue.string($0.anchor), .array([.number($0.x), .number($0.y)])] }
            return .object([JSONMember("values", .array(values))])
        case .projection(let projection):
            return .object([JSONMember("from", json(projection.from)), JSONMember("to", json(projection.to)),
                            JSONMember("transition", .number(projection.transition))])
        }
    }

    private static func colorObject(_ color: StyleColor) -> JSONValue {
        .object(zip(["r", "g", "b", "a"], color.premultiplied).map { JSONMember($0, .number($1)) })
    }

    private static func imageObject(_ image: StyleImageReference) -> JSONValue {
        .object([JSONMember("name", .string(image.name)), JSONMember("available", .bool(image.available))])
    }

    private static func section(_ section: FormattedSection) -> JSONValue {
        .object([
            JSONMember("text", .string(section.text)),
            JSONMember("image", section.image.map(imageObject) ?? .null),
            JSONMember("scale", section.scale.map(JSONValue.number) ?? .null),
            JSONMember("fontStack", section.fontStack.map { .string($0.joined(separator: ",")) } ?? .null),
            JSONMember("textColor", section.color.map(colorObject) ?? .null),
            JSONMember("verticalAlign", section.verticalAlign.map(JSONValue.string) ?? .null),
        ])
    }
}

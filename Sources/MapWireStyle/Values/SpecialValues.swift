/// Reading the specification's compound property values (paddings, number and colour arrays, variable
/// anchor offsets, projections) from plain values, as its `parse` functions do.
enum SpecialValues {
    /// The anchors `text-variable-anchor-offset` may name.
    static let anchors: Set<String> = ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]

    /// `value` as a value of `type` (padding, numberArray, colorArray, variableAnchorOffsetCollection);
    /// nil when it is not one.
    static func convert(_ value: StyleValue, to type: ExpressionType) -> StyleValue? {
        switch type {
        case .padding: return padding(value).map(StyleValue.padding)
        case .numberArray: return numberArray(value).map(StyleValue.numberArray)
        case .colorArray: return colorArray(value).map(StyleValue.colorArray)
        case .variableAnchorOffsetCollection: return anchorOffsets(value).map(StyleValue.anchorOffsets)
        default: return nil
        }
    }

    /// A number (all four sides) or 1 to 4 numbers in CSS shorthand order, as four values.
    static func padding(_ value: StyleValue) -> [Double]? {
        if case .padding(let values) = value { return values }
        if case .number(let number) = value { return [number, number, number, number] }
        guard case .array(let items) = value, (1...4).contains(items.count) else { return nil }
        let n = items.compactMap(\.number)
        guard n.count == items.count else { return nil }
        switch n.count {
        case 1: return [n[0], n[0], n[0], n[0]]
        case 2: return [n[0], n[1], n[0], n[1]]
        case 3: return [n[0], n[1], n[2], n[1]]
        default: return n
        }
    }

    /// A number (one value) or an array of numbers.
    static func numberArray(_ value: StyleValue) -> [Double]? {
        switch value {
        case .numberArray(let values): return values
        case .number(let number): return [number]
        case .array(let items):
            let numbers = items.compactMap(\.number)
            return numbers.count == items.count ? numbers : nil
        default: return nil
        }
    }

    /// A colour string (one colour) or an array of colour strings.
    static func colorArray(_ value: StyleValue) -> [StyleColor]? {
        switch value {
        case .colorArray(let colors): return colors
        case .string(let text): return StyleColor(css: text).map { [$0] }
        case .array(let items):
            var colors: [StyleColor] = []
            for item in items {
                guard case .string(let text) = item, let color = StyleColor(css: text) else { return nil }
                colors.append(color)
            }
            return colors
        default: return nil
        }
    }

    /// Anchor names alternating with [x, y] offsets.
    static func anchorOffsets(_ value: StyleValue) -> [AnchorOffset]? {
        if case .anchorOffsets(let pairs) = value { return pairs }
        guard case .array(let items) = value, !items.isEmpty, items.count % 2 == 0 else { return nil }
        var pairs: [AnchorOffset] = []
        for index in stride(from: 0, to: items.count, by: 2) {
            guard case .string(let anchor) = items[index], anchors.contains(anchor),
                  case .array(let offset) = items[index + 1], offset.count == 2,
                  case .number(let x) = offset[0], case .number(let y) = offset[1]
            else { return nil }
            pairs.append(AnchorOffset(anchor: anchor, x: x, y: y))
        }
        return pairs
    }

    /// A projection: a name, [from, to, transition], {from, to, transition}, or one on its way.
    static func isProjection(_ value: StyleValue) -> Bool {
        switch value {
        case .string, .projection: return true
        case .array(let items):
            return items.count == 3 && items[0].string != nil && items[1].string != nil && items[2].number != nil
        case .object(let members):
            return members["from"]?.string != nil && members["to"]?.string != nil && members["transition"]?.number != nil
        default: return false
        }
    }
}

extension StyleValue {
    /// The value's type as the specification's `typeOf` names it: an array's item type is the one type all
    /// its items share, else `value` (arrays never share one, as the reference engine compares types of
    /// arrays by identity).
    public var expressionType: ExpressionType {
        switch self {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .formatted: return .formatted
        case .image: return .resolvedImage
        case .collator: return .collator
        case .padding: return .padding
        case .numberArray: return .numberArray
        case .colorArray: return .colorArray
        case .anchorOffsets: return .variableAnchorOffsetCollection
        case .projection: return .projectionDefinition
        case .array(let items):
            var itemType: ExpressionType? = nil
            for item in items {
                let type = item.expressionType
                if let shared = itemType {
                    if !ExpressionType.isSameInstance(shared, type) {
                        itemType = .value
                        break
                    }
                } else {
                    itemType = type
                }
            }
            return .array(of: itemType ?? .value, count: items.count)
        }
    }
}

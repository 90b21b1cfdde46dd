/// Why a value given to a runtime style command does not fit the style specification: the message names
/// the property and what is wrong ("fill-opacity: 2 is greater than the maximum value 1").
public struct StyleValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Checks one property value against its entry in the specification's reference, as the style
/// specification's validator does: constants by type, range and enumeration, expressions and legacy
/// functions by what the property allows (zoom, feature data, feature state).
public enum PropertyValidation {
    /// `value` for the property `name` described by `spec`; null (back to the default) always fits.
    public static func check(_ value: StyleValue, name: String, spec: PropertySpecification) throws(StyleValidationError) {
        switch value {
        case .null:
            return
        case .object(let members) where spec.type != "projectionDefinition":
            try checkFunction(members, name: name, spec: spec)
        case _ where PropertyValue.isExpression(value):
            try checkExpression(value, name: name, spec: spec)
        default:
            try checkConstant(value, name: name, spec: spec)
        }
    }

    /// A `<name>-transition` value: an object of non-negative `duration` and `delay` in milliseconds.
    public static func checkTransition(_ value: StyleValue, name: String) throws(StyleValidationError) {
        guard case .object(let members) = value else { throw StyleValidationError("\(name): object expected, \(typeName(value)) found") }
        for (key, member) in members {
            guard key == "duration" || key == "delay" else { throw StyleValidationError("\(name): unknown property \"\(key)\"") }
            guard case .number(let number) = member else { throw StyleValidationError("\(name).\(key): number expected, \(typeName(member)) found") }
            guard number >= 0 else { throw StyleValidationError("\(name).\(key): \(number) is less than the minimum value 0") }
        }
    }

    private static func checkExpression(_ value: StyleValue, name: String, spec: PropertySpecification) throws(StyleValidationError) {
        guard spec.acceptsExpressions else { throw StyleValidationError("\(name): expressions are not supported") }
        let compiled: StylePropertyExpression
        do { compiled = try StylePropertyExpression(value, spec: spec) }
        catch { throw StyleValidationError("\(name): \(error.description)") }
        if compiled.readsFeatureState, !spec.parameters.contains("feature-state") {
            throw StyleValidationError("\(name): \"feature-state\" data expressions are not supported with this property")
        }
    }

    /// A legacy function object ({"stops", "property", "type" …}).
    private static func checkFunction(_ members: [String: StyleValue], name: String, spec: PropertySpecification) throws(StyleValidationError) {
        guard spec.acceptsExpressions else { throw StyleValidationError("\(name): functions are not supported") }
        if members["property"] != nil, !spec.supportsDataExpressions {
            throw StyleValidationError("\(name): property functions are not supported")
        }
        if members["property"] == nil, !spec.supportsZoomExpressions {
            throw StyleValidationError("\(name): zoom functions are not supported")
        }
        do { _ = try PropertyValue(value: .object(members), kind: kind(of: spec)) }
        catch { throw StyleValidationError("\(name): \(error.description)") }
    }

    private static func checkConstant(_ value: StyleValue, name: String, spec: PropertySpecification) throws(StyleValidationError) {
        func mismatch(_ expected: String) -> StyleValidationError {
            StyleValidationError("\(name): \(expected) expected, \(describe(value)) found")
        }
        switch spec.type {
        case "number":
            guard case .number(let number) = value else { throw mismatch("number") }
            try checkRange(number, name: name, spec: spec)
        case "string", "formatted", "resolvedImage":
            guard case .string = value else { throw mismatch("string") }
        case "boolean":
            guard case .bool = value else { throw mismatch("boolean") }
        case "color":
            guard case .string(let text) = value else { throw mismatch("color") }
            guard StyleColor(css: text) != nil else { throw StyleValidationError("\(name): color expected, \"\(text)\" found") }
        case "enum":
            try checkEnum(value, name: name, values: spec.enumValues)
        case "array":
            guard case .array(let items) = value else { throw mismatch("array") }
            if let length = spec.length, items.count != length {
                throw StyleValidationError("\(name): array length \(length) expected, length \(items.count) found")
            }
            for (index, item) in items.enumerated() {
                var itemSpec = spec
                itemSpec.type = spec.itemType
                itemSpec.length = nil
                try checkConstant(item, name: "\(name)[\(index)]", spec: itemSpec)
            }
        case "padding":
            guard SpecialValues.padding(value) != nil else { throw mismatch("number or an array of 1 to 4 numbers") }
        case "numberArray":
            guard let numbers = SpecialValues.numberArray(value) else { throw mismatch("number or array of numbers") }
            for number in numbers { try checkRange(number, name: name, spec: spec) }
        case "colorArray":
            guard SpecialValues.colorArray(value) != nil else { throw mismatch("color or array of colors") }
        case "variableAnchorOffsetCollection":
            guard SpecialValues.anchorOffsets(value) != nil else { throw mismatch("anchors alternating with [x, y] offsets") }
        case "projectionDefinition":
            guard SpecialValues.isProjection(value) else { throw mismatch("projection") }
        default:
            return
        }
    }

    private static func checkRange(_ number: Double, name: String, spec: PropertySpecification) throws(StyleValidationError) {
        guard number.isFinite else { throw StyleValidationError("\(name): \(number) is not a finite number") }
        if let minimum = spec.minimum, number < minimum {
            throw StyleValidationError("\(name): \(describe(.number(number))) is less than the minimum value \(describe(.number(minimum)))")
        }
        if let maximum = spec.maximum, number > maximum {
            throw StyleValidationError("\(name): \(describe(.number(number))) is greater than the maximum value \(describe(.number(maximum)))")
        }
    }

    static func checkEnum(_ value: StyleValue, name: String, values: [String]) throws(StyleValidationError) {
        guard case .string(let text) = value, values.contains(text) else {
            throw StyleValidationError("\(name): expected one of [\(values.map { "\"\($0)\"" }.joined(separator: ", "))], \(describe(value)) found")
        }
    }

    /// How the property's legacy functions read their stop values.
    private static func kind(of spec: PropertySpecification) -> StylePropertyKind {
        switch spec.type {
        case "number": .number
        case "color": .color
        case "boolean": .bool
        case "enum": .enumeration
        case "formatted": .formatted
        case "resolvedImage": .resolvedImage
        case "padding": .padding
        case "numberArray": .numberArray
        case "array" where spec.itemType == "number": .numberArray
        case "array", "colorArray", "variableAnchorOffsetCollection": .array
        default: .string
        }
    }

    /// The JSON type of a value, as validation messages name it.
    static func typeName(_ value: StyleValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        default: "object"
        }
    }

    /// A value as a message quotes it: strings and numbers themselves, other values by their type.
    static func describe(_ value: StyleValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): String(flag)
        default: typeName(value)
        }
    }
}

import Foundation
import MapWireJSON

/// How maplibre-style-spec's expression harness (`test/integration/expression/`, `test/lib/json-diff.ts`)
/// decides that a result equals the expectation: a deep comparison in which numbers only have to agree to six
/// significant figures after both are truncated the same way, object keys in any order.
public enum ExpressionJudge {
    /// The harness's `DECIMAL_SIGNIFICANT_FIGURES`.
    public static let significantFigures = 6

    /// Deep equality as the harness's `deepEqual`; `nil` stands for JavaScript's `undefined` (an absent value).
    public static func equal(_ a: JSONValue?, _ b: JSONValue?, significantFigures: Int = significantFigures) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        switch (a.number, b.number) {
        case (let x?, let y?):
            return stripPrecision(x, significantFigures: significantFigures) == stripPrecision(y, significantFigures: significantFigures)
        case (_?, nil), (nil, _?):
            return false
        case (nil, nil):
            break
        }
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.null, _), (_, .null), (.bool, _), (_, .bool), (.string, _), (_, .string): return false
        default: break
        }
        // Arrays and objects are both "object" to the harness: it compares their sorted own keys and the
        // values under them, so an empty array equals an empty object.
        let left = members(a), right = members(b)
        guard left.count == right.count else { return false }
        for (l, r) in zip(left.sorted { $0.key < $1.key }, right.sorted { $0.key < $1.key }) {
            guard l.key == r.key, equal(l.value, r.value, significantFigures: significantFigures) else { return false }
        }
        return true
    }

    /// The harness's `stripPrecision`: keeps `significantFigures` significant digits (none lost before the
    /// decimal point) by flooring twice, so that a value stripped once strips to itself.
    public static func stripPrecision(_ x: Double, significantFigures: Int = significantFigures) -> Double {
        guard x != 0 else { return x }
        let exponent = max(0, Double(significantFigures) - (log10(abs(x))).rounded(.up))
        let multiplier = pow(10, exponent)
        let first = (x * multiplier).rounded(.down) / multiplier
        return (first * multiplier).rounded(.down) / multiplier
    }

    private static func members(_ value: JSONValue) -> [JSONMember] {
        switch value {
        case .array(let items): return items.enumerated().map { JSONMember(String($0.offset), $0.element) }
        case .object(let members): return members
        default: return []
        }
    }
}

extension JSONValue {
    /// Every JSON number form as a double (JavaScript has only one number type).
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .uint(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

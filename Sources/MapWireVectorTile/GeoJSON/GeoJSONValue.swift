import Foundation

/// Reads the loosely typed values JSONSerialization (or a caller) hands over as `Any`.
/// On Linux, JSON booleans arrive as NSNumber, so numbers and booleans are told apart by the
/// NSNumber's type code rather than by casting, which would accept 1 as `true`.
enum GeoJSONValue {
    enum Number: Equatable {
        case integer(Int64)
        case unsigned(UInt64)
        case real(Double)

        var double: Double {
            switch self {
            case .integer(let value): Double(value)
            case .unsigned(let value): Double(value)
            case .real(let value): value
            }
        }
    }

    static func isBool(_ value: Any) -> Bool {
        if value is Bool, type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber, !(value is String) else { return false }
        let code = String(cString: number.objCType)
        return code == "c" || code == "B"
    }

    static func number(_ value: Any) -> Number? {
        guard !isBool(value), !(value is String), let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "f", "d":
            return .real(number.doubleValue)
        case "C", "S", "I", "L", "Q":
            return .unsigned(number.uint64Value)
        default:
            return .integer(number.int64Value)
        }
    }

    /// A finite number, for coordinates.
    static func coordinate(_ value: Any) -> Double? {
        guard let number = number(value)?.double, number.isFinite else { return nil }
        return number
    }

    /// Integers stay integers when exact and within Int64; everything else numeric is a double.
    static func featureValue(_ value: Any) -> FeatureValue? {
        if value is NSNull { return nil }
        if let text = value as? String { return .string(text) }
        if isBool(value) { return .bool((value as? NSNumber)?.boolValue ?? (value as? Bool) ?? false) }
        if let number = number(value) {
            switch number {
            case .integer(let integer): return .int(integer)
            case .unsigned(let unsigned): return Int64(exactly: unsigned).map(FeatureValue.int) ?? .double(Double(unsigned))
            case .real(let real): return Int64(exactly: real).map(FeatureValue.int) ?? .double(real)
            }
        }
        if value is [Any] || value is [String: Any] { return .string(jsonText(value)) }
        return nil
    }

    /// Nested objects and arrays become their JSON text, keys sorted so output is stable.
    static func jsonText(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else { return String(describing: value) }
        return text
    }

    /// A non-negative integral id; string and fractional ids have no vector tile equivalent.
    static func featureID(_ value: Any?) -> UInt64? {
        guard let value, let number = number(value) else { return nil }
        switch number {
        case .integer(let integer): return UInt64(exactly: integer)
        case .unsigned(let unsigned): return unsigned
        case .real(let real): return UInt64(exactly: real)
        }
    }
}

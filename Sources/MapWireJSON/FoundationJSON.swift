import Foundation

/// Reads the loosely typed values `JSONSerialization` hands back as `Any`.
///
/// JSON booleans arrive as `NSNumber`s, and on Linux `NSNumber(value: 1) is Bool` and `as? Bool` both
/// succeed, so a cast cannot tell `1` from `true`. Foundation makes every boolean from one class (its
/// CFBoolean), which no number shares: that class is the test.
public enum FoundationJSON {
    /// An integer that JSON text can hold: signed when it fits in 64 bits, else unsigned, else a double.
    public enum Number: Equatable, Sendable {
        case integer(Int64)
        case unsigned(UInt64)
        case real(Double)

        public var double: Double {
            switch self {
            case .integer(let value): Double(value)
            case .unsigned(let value): Double(value)
            case .real(let value): value
            }
        }
    }

    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// True for JSON `true`/`false` (and Swift `Bool`s), false for every number, 0 and 1 included.
    public static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let object = value as? NSNumber, type(of: value) is NSNumber.Type else { return false }
        return type(of: object) == booleanClass
    }

    /// The boolean, or nil for anything else (a number included).
    public static func bool(_ value: Any?) -> Bool? {
        guard let value, isBoolean(value) else { return nil }
        return (value as? Bool) ?? (value as? NSNumber)?.boolValue
    }

    /// The number, or nil for anything else (a boolean included).
    public static func number(_ value: Any?) -> Number? {
        guard let value, !isBoolean(value) else { return nil }
        switch value {
        case let integer as Int where type(of: value) == Int.self: return .integer(Int64(integer))
        case let integer as Int64 where type(of: value) == Int64.self: return .integer(integer)
        case let unsigned as UInt64 where type(of: value) == UInt64.self: return .unsigned(unsigned)
        case let real as Double where type(of: value) == Double.self: return .real(real)
        default: break
        }
        guard type(of: value) is NSNumber.Type, let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "f", "d": return .real(number.doubleValue)
        case "C", "S", "I", "L", "Q": return .unsigned(number.uint64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// A finite number as a double (a boolean, a string or infinity is nil).
    public static func double(_ value: Any?) -> Double? {
        guard let double = number(value)?.double, double.isFinite else { return nil }
        return double
    }

    /// A number that is a whole number within `Int` (`512`, `512.0`), nil otherwise.
    public static func int(_ value: Any?) -> Int? {
        switch number(value) {
        case .integer(let integer)?: Int(exactly: integer)
        case .unsigned(let unsigned)?: Int(exactly: unsigned)
        case .real(let real)?: Int(exactly: real)
        case nil: nil
        }
    }
}

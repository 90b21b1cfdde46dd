import Foundation

/// Reads JSON numbers (and only numbers) from `JSONSerialization` output.
enum JSONNumber {
    /// `NSNumber` also carries JSON booleans; a style's `true` must not read as 1.
    static func double(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number.doubleValue
    }

    /// JSONSerialization stores booleans as a char-typed NSNumber (`objCType` "c") on Linux and Darwin.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}

import Foundation
import MapWireJSON

/// Reads the loosely typed values JSONSerialization (or a caller) hands over as `Any`; numbers and
/// booleans are told apart by `FoundationJSON`, since a cast would accept 1 as `true`.
enum GeoJSONValue {
    /// A finite number, for coordinates.
    static func coordinate(_ value: Any) -> Double? {
        FoundationJSON.double(value)
    }

    /// Integers stay integers when exact and within Int64; everything else numeric is a double.
    static func featureValue(_ value: Any) -> FeatureValue? {
        if value is NSNull { return nil }
        if let text = value as? String { return .string(text) }
        if let flag = FoundationJSON.bool(value) { return .bool(flag) }
        if let number = FoundationJSON.number(value) {
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
        guard let number = FoundationJSON.number(value) else { return nil }
        switch number {
        case .integer(let integer): return UInt64(exactly: integer)
        case .unsigned(let unsigned): return unsigned
        case .real(let real): return UInt64(exactly: real)
        }
    }
}

import Foundation
import MapWireJSON

extension StyleValue {
    /// Converts what `JSONSerialization` produced (or Swift literals of the same shapes) into a value.
    /// Nil when something in it is not JSON-like.
    public init?(json: Any?) {
        guard let json else {
            self = .null
            return
        }
        if let flag = FoundationJSON.bool(json) {
            self = .bool(flag)
            return
        }
        if let number = FoundationJSON.number(json) {
            self = .number(number.double)
            return
        }
        switch json {
        case let value as StyleValue: self = value
        case is NSNull: self = .null
        case let value as String: self = .string(value)
        case let items as [Any]:
            var converted: [StyleValue] = []
            converted.reserveCapacity(items.count)
            for item in items {
                guard let value = StyleValue(json: item) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        case let members as [String: Any]:
            var converted: [String: StyleValue] = [:]
            for (key, member) in members {
                guard let value = StyleValue(json: member) else { return nil }
                converted[key] = value
            }
            self = .object(converted)
        default: return nil
        }
    }
}

import Foundation

extension StyleValue {
    /// Converts what `JSONSerialization` produced (or Swift literals of the same shapes) into a value.
    /// Nil when something in it is not JSON-like.
    public init?(json: Any?) {
        guard let json else {
            self = .null
            return
        }
        switch json {
        case let value as StyleValue: self = value
        case is NSNull: self = .null
        case let value as String: self = .string(value)
        case let value as Bool where type(of: json) == Bool.self: self = .bool(value)
        case let value as Int where type(of: json) == Int.self: self = .number(Double(value))
        case let value as Double where type(of: json) == Double.self: self = .number(value)
        case let value as NSNumber:
            // JSONSerialization hands back booleans as NSNumbers whose type code is "c" (char).
            if String(cString: value.objCType) == "c" {
                self = .bool(value.boolValue)
            } else {
                self = .number(value.doubleValue)
            }
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

import Foundation

extension JSONValue {
    /// Converts what `JSONSerialization` produced (or Swift literals of the same shapes); nil when
    /// something in it is not JSON. Object keys are sorted, since a dictionary has no order of its own.
    public init?(foundation value: Any?) {
        guard let value, !(value is NSNull) else {
            self = .null
            return
        }
        if let flag = FoundationJSON.bool(value) {
            self = .bool(flag)
        } else if let number = FoundationJSON.number(value) {
            switch number {
            case .integer(let integer): self = .int(integer)
            case .unsigned(let unsigned): self = Int64(exactly: unsigned).map(JSONValue.int) ?? .number(Double(unsigned))
            case .real(let real): self = .number(real)
            }
        } else if let text = value as? String {
            self = .string(text)
        } else if let items = value as? [Any] {
            var converted: [JSONValue] = []
            converted.reserveCapacity(items.count)
            for item in items {
                guard let element = JSONValue(foundation: item) else { return nil }
                converted.append(element)
            }
            self = .array(converted)
        } else if let members = value as? [String: Any] {
            var converted: [JSONMember] = []
            converted.reserveCapacity(members.count)
            for key in members.keys.sorted() {
                guard let member = JSONValue(foundation: members[key]) else { return nil }
                converted.append(JSONMember(key, member))
            }
            self = .object(converted)
        } else {
            return nil
        }
    }

    /// Parses JSON text (a bare scalar too).
    public init(parsing data: Data) throws {
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        guard let value = JSONValue(foundation: object) else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        self = value
    }

    /// The member `key` of an object (nil for other values or a missing key).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

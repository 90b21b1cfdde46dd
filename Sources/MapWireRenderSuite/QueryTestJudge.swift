import MapWireJSON

/// How the GL test suite's query harness judged a result: the features returned, without the members
/// GL adds to each (`layer`, `source`, `sourceLayer`, `state`), deep-equal `expected.json`: object
/// members in any order, arrays in order, numbers within 1e-10.
public enum QueryTestJudge {
    public static let tolerance = 1e-10
    static let ignoredMembers: Set<String> = ["layer", "source", "sourceLayer", "state"]

    /// The features as the harness compares them.
    public static func comparable(_ features: JSONValue) -> JSONValue {
        guard case .array(let items) = features else { return features }
        return .array(items.map { item in
            guard case .object(let members) = item else { return item }
            return .object(members.filter { !ignoredMembers.contains($0.key) })
        })
    }

    public static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(equal)
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            let right = Dictionary(y.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return x.allSatisfy { member in right[member.key].map { equal(member.value, $0) } ?? false }
        default:
            guard let x = number(a), let y = number(b) else { return false }
            return abs(x - y) < tolerance
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .uint(let u): Double(u)
        case .number(let d): d
        default: nil
        }
    }
}

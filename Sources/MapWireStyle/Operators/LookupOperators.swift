import MapWireNumerics

/// Reading values: feature properties (`get`, `has`), arrays and strings (`at`, `in`, `index-of`,
/// `slice`, `length`). Strings are indexed by Unicode code point.
enum LookupOperators {
    static let definitions: [String: OperatorDefinition] = [
        // With one argument these read the feature; `ExpressionParser` drops the feature dependency
        // when an object is passed as the second.
        "get": OperatorDefinition(1...2, reads: .feature) { args, context throws(EvaluationError) in
            let key = try Argument.string(args[0], for: "get")
            if args.count == 2 { return try Argument.object(args[1], for: "get")[key] ?? .null }
            return context.feature?.property(key) ?? .null
        },
        "has": OperatorDefinition(1...2, reads: .feature) { args, context throws(EvaluationError) in
            let key = try Argument.string(args[0], for: "has")
            if args.count == 2 { return .bool(try Argument.object(args[1], for: "has")[key] != nil) }
            return .bool(context.feature?.property(key) != nil)
        },
        "at": OperatorDefinition(2) { args, _ throws(EvaluationError) in
            let index = try Argument.number(args[0], for: "at")
            guard case .array(let items) = args[1] else {
                throw EvaluationError("at expected an array, got \(TypeNames.of(args[1]))")
            }
            guard index >= 0, index < Double(items.count) else {
                throw EvaluationError("array index out of bounds: \(JavaScriptNumber.string(index))")
            }
            guard index == index.rounded(.down) else { throw EvaluationError("array index must be an integer") }
            return items[Int(index)]
        },
        "in": OperatorDefinition(2) { args, _ throws(EvaluationError) in
            .bool(try position(of: args[0], in: args[1], from: 0, for: "in") >= 0)
        },
        "index-of": OperatorDefinition(2...3) { args, _ throws(EvaluationError) in
            let start = args.count == 3 ? try Argument.number(args[2], for: "index-of") : 0
            return .number(Double(try position(of: args[0], in: args[1], from: start, for: "index-of")))
        },
        "slice": OperatorDefinition(2...3) { args, _ throws(EvaluationError) in
            let start = try Argument.number(args[1], for: "slice")
            let end = args.count == 3 ? try Argument.number(args[2], for: "slice") : nil
            switch args[0] {
            case .array(let items):
                return .array(Array(items[sliceRange(count: items.count, start: start, end: end)]))
            case .string(let text):
                let scalars = Array(text.unicodeScalars)
                var out = String.UnicodeScalarView()
                out.append(contentsOf: scalars[sliceRange(count: scalars.count, start: start, end: end)])
                return .string(String(out))
            default:
                throw EvaluationError("slice expected an array or string, got \(TypeNames.of(args[0]))")
            }
        },
        "length": OperatorDefinition(1) { args, _ throws(EvaluationError) in
            switch args[0] {
            case .array(let items): return .number(Double(items.count))
            case .string(let text): return .number(Double(text.unicodeScalars.count))
            default: throw EvaluationError("length expected an array or string, got \(TypeNames.of(args[0]))")
            }
        },
    ]

    /// First index of `needle` at or after `start` (negative counts from the end), -1 when absent.
    private static func position(of needle: StyleValue, in haystack: StyleValue, from start: Double, for name: String)
        throws(EvaluationError) -> Int
    {
        switch needle {
        case .null, .bool, .number, .string: break
        default: throw EvaluationError("\(name) looks for a boolean, number, string or null, got \(TypeNames.of(needle))")
        }
        switch haystack {
        case .array(let items):
            let first = clampedStart(start, count: items.count)
            guard first < items.count else { return -1 }
            return items[first...].firstIndex(of: needle) ?? -1
        case .string(let text):
            let scalars = Array(text.unicodeScalars)
            let target = Array(needle.displayString.unicodeScalars)
            let first = clampedStart(start, count: scalars.count)
            // A start past the last place the needle could begin finds nothing (and makes no empty range).
            guard target.count <= scalars.count, first <= scalars.count - target.count else { return -1 }
            for index in first...(scalars.count - target.count) where Array(scalars[index..<index + target.count]) == target {
                return index
            }
            return -1
        default:
            throw EvaluationError("\(name) searches an array or string, got \(TypeNames.of(haystack))")
        }
    }

    private static func clampedStart(_ start: Double, count: Int) -> Int {
        // Feature properties reach here: NaN, infinities and 1e300 saturate rather than trap.
        let whole = Int(saturating: start.rounded(.towardZero))
        return whole < 0 ? count + max(whole, -count) : min(whole, count)
    }

    /// JavaScript `slice` bounds: negatives count from the end, everything clamps to the length.
    private static func sliceRange(count: Int, start: Double, end: Double?) -> Range<Int> {
        let lower = clampedStart(start, count: count)
        let upper = end.map { clampedStart($0, count: count) } ?? count
        return lower..<max(lower, upper)
    }
}

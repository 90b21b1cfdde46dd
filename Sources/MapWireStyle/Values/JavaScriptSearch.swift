/// JavaScript's `indexOf` and `slice` index rules, which the specification's `in`, `index-of` and
/// `slice` are defined by.
enum JavaScriptSearch {
    /// `string.indexOf(needle, from)` (positions in UTF-16 code units, `from` clamped to the string), as a
    /// position in code points; -1 when absent.
    static func indexOf(_ needle: String, in haystack: String, from: Double?) -> Int {
        let units = Array(haystack.utf16)
        let target = Array(needle.utf16)
        let start = min(max(integer(from ?? 0), 0), units.count)
        guard target.count <= units.count else { return -1 }
        var position = start
        while position + target.count <= units.count {
            if units[position..<position + target.count].elementsEqual(target) {
                return String(decoding: units[..<position], as: UTF16.self).unicodeScalars.count
            }
            position += 1
        }
        return -1
    }

    /// `array.indexOf(needle, from)` with strict equality (negative `from` counts from the end).
    static func indexOf(_ needle: StyleValue, in items: [StyleValue], from: Double?) -> Int {
        var start = integer(from ?? 0)
        if start < 0 { start = max(items.count + start, 0) }
        guard start < items.count else { return -1 }
        return items[start...].firstIndex(where: { strictlyEqual($0, needle) }) ?? -1
    }

    /// `===` between values: primitives by value (NaN equals nothing), anything else never (the reference
    /// engine's arrays and objects are distinct objects).
    static func strictlyEqual(_ a: StyleValue, _ b: StyleValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default: return false
        }
    }

    /// The range `slice(start, end)` takes: negative bounds count from the end, all clamp to the length.
    static func sliceRange(count: Int, start: Double, end: Double?) -> Range<Int> {
        func bound(_ value: Double) -> Int {
            let whole = integer(value)
            return whole < 0 ? max(count + whole, 0) : min(whole, count)
        }
        let lower = bound(start)
        let upper = end.map(bound) ?? count
        return lower..<max(lower, upper)
    }

    /// ToIntegerOrInfinity, saturated to Int: NaN is 0, fractions truncate.
    private static func integer(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= Double(Int.max) { return Int.max / 2 }
        if value <= Double(Int.min) { return Int.min / 2 }
        return Int(value.rounded(.towardZero))
    }
}

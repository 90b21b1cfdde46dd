/// JavaScript's ordering of two numbers or two strings, which `<`, `<=`, `>`, `>=` and legacy filters use.
enum ValueOrdering {
    /// Negative, zero or positive as `a` is below, equal to or above `b`; nil when they are not two numbers
    /// or two strings, or a number is NaN (every comparison is then false). Strings compare by UTF-16 code
    /// units, as JavaScript compares them.
    static func order(_ a: StyleValue, _ b: StyleValue) -> Int? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)):
            if x == y { return 0 }
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : 1
        default:
            return nil
        }
    }
}

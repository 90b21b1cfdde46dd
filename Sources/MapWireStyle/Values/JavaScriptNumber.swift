import Foundation

/// Number ↔ text the way JavaScript does it, because the spec's string conversions are defined by
/// the reference (JavaScript) engine: 1 prints as "1", 1e21 as "1e+21", 0.0000001 as "1e-7".
enum JavaScriptNumber {
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        let sign = value < 0 ? "-" : ""
        let (digits, pointPosition) = shortestDigits(abs(value))
        return sign + layout(digits: digits, n: pointPosition)
    }

    /// The shortest round-tripping digits (Swift's own `description` computes them) and `n` such that
    /// value = 0.digits × 10^n.
    private static func shortestDigits(_ value: Double) -> ([Character], Int) {
        let text = value.description
        let parts = text.split(separator: "e")
        let exponent = parts.count == 2 ? Int(parts[1])! : 0
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = Array(mantissa[0])
        let fractionPart = mantissa.count > 1 ? Array(mantissa[1]) : []
        var digits = integerPart + fractionPart
        var n = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits, n)
    }

    /// ECMAScript Number::toString layout rules.
    private static func layout(digits: [Character], n: Int) -> String {
        let k = digits.count
        if k <= n && n <= 21 {
            return String(digits) + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return String(digits[..<n]) + "." + String(digits[n...])
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + String(digits)
        }
        let exponent = n - 1
        let exponentText = (exponent < 0 ? "-" : "+") + String(abs(exponent))
        let mantissa = k == 1 ? String(digits) : String(digits[0]) + "." + String(digits[1...])
        return mantissa + "e" + exponentText
    }

    /// JavaScript's `Number(text)`: surrounding whitespace ignored, "" is 0, decimal and hex literals,
    /// "Infinity"; nil where JavaScript gives NaN.
    static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return 0 }
        switch trimmed {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let lower = trimmed.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            return UInt64(lower.dropFirst(2), radix: radix).map { Double($0) }
        }
        return parseDecimalLiteral(trimmed)
    }

    /// Digits with an optional sign, fraction and exponent; rejects what Swift's `Double(_:)` would
    /// also take but JavaScript and CSS do not ("nan", "inf", hex floats).
    static func parseDecimalLiteral(_ text: String) -> Double? {
        var sawDigit = false, sawPoint = false, sawExponent = false, previous: Character? = nil
        for character in text {
            switch character {
            case "0"..."9": sawDigit = true
            case ".": if sawPoint || sawExponent { return nil }; sawPoint = true
            case "e", "E": if sawExponent || !sawDigit { return nil }; sawExponent = true
            case "+", "-": if !(previous == nil || previous == "e" || previous == "E") { return nil }
            default: return nil
            }
            previous = character
        }
        guard sawDigit, let last = text.last, last.isNumber || last == "." else { return nil }
        return Double(text)
    }
}

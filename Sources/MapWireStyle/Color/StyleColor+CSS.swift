import Foundation

extension StyleColor {
    /// Every CSS colour form: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() with numbers or
    /// percentages, hsl()/hsla(), and all CSS named colours (incl. "transparent"). Nil when not a colour.
    public init?(css: String) {
        let text = css.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let named = CSSNamedColors.table[text] {
            self = named
        } else if text.hasPrefix("#") {
            guard let parsed = CSSColorParser.hex(text.dropFirst()) else { return nil }
            self = parsed
        } else if let parsed = CSSColorParser.functional(text) {
            self = parsed
        } else {
            return nil
        }
    }
}

/// The pieces of CSS colour syntax; kept apart from `StyleColor` so the type itself stays small.
enum CSSColorParser {
    static func hex(_ digits: Substring) -> StyleColor? {
        guard [3, 4, 6, 8].contains(digits.count), let value = UInt64(digits, radix: 16) else { return nil }
        // Short forms repeat each nibble (#f80 == #ff8800); long forms hold one byte per channel.
        let short = digits.count <= 4
        let channelCount = short ? digits.count : digits.count / 2
        let bits: UInt64 = short ? 4 : 8
        var channels: [Double] = []
        for index in 0..<channelCount {
            let shift = bits * UInt64(channelCount - 1 - index)
            var channel = (value >> shift) & ((1 << bits) - 1)
            if short { channel = channel * 17 }
            channels.append(Double(channel))
        }
        let alpha = channels.count == 4 ? channels[3] / 255 : 1
        return StyleColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    static func functional(_ text: String) -> StyleColor? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard let arguments = splitArguments(inner) else { return nil }
        switch name {
        case "rgb", "rgba": return rgb(arguments)
        case "hsl", "hsla": return hsl(arguments)
        default: return nil
        }
    }

    /// Accepts both the comma form `rgb(1, 2, 3, 0.5)` and the space form `rgb(1 2 3 / 50%)`.
    private static func splitArguments(_ inner: Substring) -> [String]? {
        let trimmed = inner.trimmingCharacters(in: .whitespaces)
        if trimmed.contains(",") {
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.contains(where: \.isEmpty) ? nil : parts
        }
        let halves = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        var parts = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if halves.count == 2 {
            let alpha = halves[1].trimmingCharacters(in: .whitespaces)
            guard parts.count == 3, !alpha.isEmpty else { return nil }
            parts.append(alpha)
        }
        return parts
    }

    private static func rgb(_ parts: [String]) -> StyleColor? {
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var channels: [Double] = []
        for part in parts.prefix(3) {
            if let percent = percentage(part) {
                channels.append(clamp(percent, 0, 100) / 100 * 255)
            } else if let number = plainNumber(part) {
                channels.append(clamp(number, 0, 255))
            } else {
                return nil
            }
        }
        guard let alpha = parts.count == 4 ? alphaValue(parts[3]) : 1 else { return nil }
        return StyleColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    private static func hsl(_ parts: [String]) -> StyleColor? {
        guard parts.count == 3 || parts.count == 4, let hue = angleInDegrees(parts[0]) else { return nil }
        // Saturation and lightness are percentages; bare numbers are read as percentages too (CSS Color 4).
        guard let saturation = percentage(parts[1]) ?? plainNumber(parts[1]),
              let lightness = percentage(parts[2]) ?? plainNumber(parts[2]),
              let alpha = parts.count == 4 ? alphaValue(parts[3]) : 1
        else { return nil }
        let (r, g, b) = hslToRGB(
            hue: hue, saturation: clamp(saturation, 0, 100) / 100, lightness: clamp(lightness, 0, 100) / 100)
        return StyleColor(r: r, g: g, b: b, a: alpha)
    }

    static func hslToRGB(hue: Double, saturation s: Double, lightness l: Double) -> (Double, Double, Double) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
        let m1 = l * 2 - m2
        func channel(_ shifted: Double) -> Double {
            var h = shifted
            if h < 0 { h += 1 }
            if h > 1 { h -= 1 }
            if h * 6 < 1 { return m1 + (m2 - m1) * h * 6 }
            if h * 2 < 1 { return m2 }
            if h * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - h) * 6 }
            return m1
        }
        return (channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3))
    }

    private static func alphaValue(_ text: String) -> Double? {
        if let percent = percentage(text) { return clamp(percent / 100, 0, 1) }
        return plainNumber(text).map { clamp($0, 0, 1) }
    }

    private static func angleInDegrees(_ text: String) -> Double? {
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            return plainNumber(String(text.dropLast(unit.count))).map { $0 * factor }
        }
        return plainNumber(text)
    }

    private static func percentage(_ text: String) -> Double? {
        guard text.hasSuffix("%") else { return nil }
        return plainNumber(String(text.dropLast()))
    }

    /// A CSS <number>: digits with an optional sign, fraction and exponent; nothing else.
    static func plainNumber(_ text: String) -> Double? {
        JavaScriptNumber.parseDecimalLiteral(text)
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }
}

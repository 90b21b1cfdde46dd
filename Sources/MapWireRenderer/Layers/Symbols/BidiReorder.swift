/// The visual order of one line of label text with right-to-left script in it: the parts of the
/// Unicode bidirectional algorithm labels need (paragraph direction from the first strong letter,
/// numbers kept left to right, neutrals taking their neighbours' direction, runs reversed by
/// level), as GL engines reorder each line after breaking: levels are resolved over the whole
/// paragraph, then each line is reversed by them. Pure: code points in, indices out.
enum BidiReorder {
    enum Kind { case left, right, europeanNumber, arabicNumber, neutral }

    static func kind(_ c: UInt32) -> Kind {
        switch c {
        case 0x200E: return .left   // left-to-right mark
        case 0x200F: return .right  // right-to-left mark
        case 0x30...0x39, 0x06F0...0x06F9, 0x2070...0x2079, 0x2080...0x2089: return .europeanNumber
        case 0x0660...0x0669, 0x066B, 0x066C: return .arabicNumber
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF:
            // Marks (harakat) follow their letter: treated as part of the right-to-left run.
            return .right
        default:
            guard let scalar = Unicode.Scalar(c), scalar.properties.isAlphabetic else { return .neutral }
            return .left
        }
    }

    /// Directional marks and embeddings: they steer the order and are not drawn.
    static func isControl(_ c: UInt32) -> Bool {
        c == 0x200E || c == 0x200F || (0x202A...0x202E).contains(c) || (0x2066...0x2069).contains(c)
    }

    /// True if the text has a right-to-left letter (else nothing is reordered).
    static func hasRightToLeft(_ scalars: [UInt32]) -> Bool {
        scalars.contains { kind($0) == .right }
    }

    /// Whether a paragraph reads right to left: its first strong letter is right-to-left.
    static func isRightToLeft(_ paragraph: [UInt32]) -> Bool {
        for c in paragraph {
            switch kind(c) {
            case .right: return true
            case .left: return false
            default: continue
            }
        }
        return false
    }

    /// Embedding levels of a paragraph's characters (even: left to right, odd: right to left).
    static func levels(_ paragraph: [UInt32], rightToLeft: Bool) -> [Int] {
        let n = paragraph.count
        let base = rightToLeft ? 1 : 0
        guard rightToLeft || hasRightToLeft(paragraph) else { return [Int](repeating: 0, count: n) }
        var kinds = paragraph.map(kind)
        // W2: a European number after Arabic letters reads as an Arabic number.
        var lastStrong: Kind = rightToLeft ? .right : .left
        for i in 0..<n {
            switch kinds[i] {
            case .left, .right: lastStrong = kinds[i]
            case .europeanNumber where lastStrong == .right: kinds[i] = .arabicNumber
            default: break
            }
        }
        // N1/N2: neutrals between two of the same direction (numbers count as right-to-left)
        // take it, others the paragraph's.
        let paragraphDirection: Kind = rightToLeft ? .right : .left
        func direction(_ k: Kind) -> Kind? {
            switch k {
            case .left: return .left
            case .right, .arabicNumber: return .right
            case .europeanNumber: return paragraphDirection
            case .neutral: return nil
            }
        }
        var resolved = kinds
        var i = 0
        while i < n {
            guard kinds[i] == .neutral else { i += 1; continue }
            var j = i
            while j < n, kinds[j] == .neutral { j += 1 }
            let before = i > 0 ? direction(kinds[i - 1]) : paragraphDirection
            let after = j < n ? direction(kinds[j]) : paragraphDirection
            let fill = before == after ? (before ?? paragraphDirection) : paragraphDirection
            for k in i..<j { resolved[k] = fill }
            i = j
        }
        // I1/I2: embedding levels.
        return resolved.map { k in
            switch (base, k) {
            case (0, .right): return 1
            case (0, .europeanNumber), (0, .arabicNumber): return 2
            case (1, .left), (1, .europeanNumber), (1, .arabicNumber): return 2
            case (1, _): return 1
            default: return 0
            }
        }
    }

    /// Positions (0..<levels.count) of one line's characters in the order they are drawn, left
    /// to right, from their levels (L2: from the highest level down to the lowest odd one,
    /// reverse every run at or above it).
    static func visualOrder(levels: [Int]) -> [Int] {
        let n = levels.count
        var order = Array(0..<n)
        guard let highest = levels.max(), highest > 0 else { return order }
        var visualLevels = levels
        for level in stride(from: highest, through: 1, by: -1) {
            var start = 0
            while start < n {
                guard visualLevels[start] >= level else { start += 1; continue }
                var end = start
                while end < n, visualLevels[end] >= level { end += 1 }
                order[start..<end].reverse()
                visualLevels[start..<end].reverse()
                start = end
            }
        }
        return order
    }

    /// The drawing order of a single-line paragraph.
    static func visualOrder(_ line: [UInt32], rightToLeft: Bool) -> [Int] {
        visualOrder(levels: levels(line, rightToLeft: rightToLeft))
    }
}

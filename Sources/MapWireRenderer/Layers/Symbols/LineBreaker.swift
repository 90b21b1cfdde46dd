/// Splits one paragraph into lines no wider than a maximum, choosing among the break
/// opportunities the set whose line widths come closest to an even share of the text, so a
/// long label becomes a compact block instead of one full line and a short remainder.
enum LineBreaker {
    /// Line ranges (indices into the characters) for characters of the given advance widths.
    /// `breakAfter[i]` says a line may end after character i; `isSpace[i]` marks characters
    /// that do not count towards a line's width at its ends.
    /// `penalty(i)` (GL's) makes a line ending after character i cost `penalty × |penalty|` more; it is
    /// asked only when the text needs breaking.
    static func lines(advances: [Double], breakAfter: [Bool], isSpace: [Bool], maxWidth: Double,
                      penalty: (Int) -> Double = { _ in 0 }) -> [Range<Int>] {
        let n = advances.count
        guard n > 0 else { return [0..<0] }
        var prefix = [0.0]
        prefix.reserveCapacity(n + 1)
        for a in advances { prefix.append(prefix[prefix.count - 1] + a) }
        let total = prefix[n]
        guard maxWidth > 0, total > maxWidth else { return [0..<n] }

        // Width of a line without its leading and trailing spaces.
        func width(_ start: Int, _ end: Int) -> Double {
            var s = start, e = end
            while s < e, isSpace[s] { s += 1 }
            while e > s, isSpace[e - 1] { e -= 1 }
            return prefix[e] - prefix[s]
        }

        let lineCount = (total / maxWidth).rounded(.up)
        let target = total / lineCount
        var ends: [Int] = [0]
        for i in 0..<(n - 1) where breakAfter[i] { ends.append(i + 1) }
        ends.append(n)

        // Least total badness to end a line at ends[k], and where that line started.
        var cost = [Double](repeating: .infinity, count: ends.count)
        var from = [Int](repeating: 0, count: ends.count)
        cost[0] = 0
        // Lines far wider than asked are never the best choice once a narrower one exists: not
        // trying them keeps a label of n words at about n × (words per line) steps, not n².
        let widest = 2 * max(maxWidth, target)
        for k in 1..<ends.count {
            let isLast = k == ends.count - 1
            for j in stride(from: k - 1, through: 0, by: -1) where cost[j].isFinite {
                let w = width(ends[j], ends[k])
                if w > widest, cost[k].isFinite { break }
                let p = isLast ? 0 : penalty(ends[k] - 1)
                let c = cost[j] + badness(w, target: target, isLast: isLast) + p * abs(p)
                // On a tie the later start wins, as in GL (which keeps the last of equal prior breaks);
                // j runs downwards, so the first found is kept.
                if c < cost[k] {
                    cost[k] = c
                    from[k] = j
                }
            }
        }
        var result: [Range<Int>] = []
        var k = ends.count - 1
        while k > 0 {
            result.append(ends[from[k]]..<ends[k])
            k = from[k]
        }
        return result.reversed()
    }

    /// Squared distance from the target width; a short last line costs less than a long one.
    static func badness(_ width: Double, target: Double, isLast: Bool) -> Double {
        let ragged = (width - target) * (width - target)
        guard isLast else { return ragged }
        return width < target ? ragged / 2 : ragged * 2
    }

    /// Characters after which a line may end (GL's breakable set): spaces, hyphens, slashes, `&`,
    /// `+`, parentheses, middle dots, and ideographs (which need no spaces between words).
    static func allowsBreak(after scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x09, 0x26, 0x28, 0x29, 0x2B, 0x2D, 0x2F, 0xAD, 0xB7, 0x200B, 0x2010, 0x2013, 0x2027: true
        default: isIdeographic(scalar)
        }
    }

    /// GL's penalty for ending a line between two characters: after an opening or before a closing
    /// parenthesis (ASCII or fullwidth) costs 50.
    static func penalty(after scalar: UInt32, before next: UInt32?) -> Double {
        var penalty = 0.0
        if scalar == 0x28 || scalar == 0xFF08 { penalty += 50 }
        if next == 0x29 || next == 0xFF09 { penalty += 50 }
        return penalty
    }

    /// Characters after which CJK text may break without a space (GL's ideographic breaking: Han,
    /// kana, Bopomofo, Yi, CJK symbols and forms; not Hangul, which breaks at spaces).
    static func isIdeographic(_ scalar: UInt32) -> Bool {
        ideographicRanges.contains { $0.contains(scalar) }
    }

    private static let ideographicRanges: [ClosedRange<UInt32>] = [
        0x2E80...0x2FFF, 0x3000...0x312F, 0x3190...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xF900...0xFAFF, 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FFFF,
    ]

    static func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || scalar == 0x200B
    }
}

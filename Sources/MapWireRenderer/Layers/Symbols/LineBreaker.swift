/// Splits one paragraph into lines no wider than a maximum, choosing among the break
/// opportunities the set whose line widths come closest to an even share of the text, so a
/// long label becomes a compact block instead of one full line and a short remainder.
enum LineBreaker {
    /// Line ranges (indices into the characters) for characters of the given advance widths.
    /// `breakAfter[i]` says a line may end after character i; `isSpace[i]` marks characters
    /// that do not count towards a line's width at its ends.
    static func lines(advances: [Double], breakAfter: [Bool], isSpace: [Bool], maxWidth: Double) -> [Range<Int>] {
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
                let c = cost[j] + badness(w, target: target, isLast: isLast)
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

    /// Characters after which a line may end: spaces, hyphens, slashes and ideographs (which
    /// need no spaces between words).
    static func allowsBreak(after scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x09, 0x2D, 0x2F, 0xAD, 0x200B, 0x2010, 0x2013: true
        default: isIdeographic(scalar)
        }
    }

    static func isIdeographic(_ scalar: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(scalar) || (0xAC00...0xD7AF).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFFEF).contains(scalar)
            || (0x20000...0x2FFFF).contains(scalar)
    }

    static func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || scalar == 0x200B
    }
}

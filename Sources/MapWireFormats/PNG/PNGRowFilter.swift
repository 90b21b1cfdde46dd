/// The five PNG scanline filters. Each predicts a byte from its left (a), above (b) and
/// upper-left (c) neighbours, `bpp` bytes apart; the stored byte is the difference.
public enum PNGRowFilter: UInt8, Sendable, CaseIterable {
    case none = 0, sub, up, average, paeth

    /// Filters `row` given the previous (unfiltered) row; `previous` is all zeros for the first row.
    func apply(row: ArraySlice<UInt8>, previous: ArraySlice<UInt8>, bpp: Int) -> [UInt8] {
        let row = Array(row), previous = Array(previous)
        var out = [UInt8](repeating: 0, count: row.count)
        for i in 0..<row.count {
            let a = i >= bpp ? row[i - bpp] : 0
            let c = i >= bpp ? previous[i - bpp] : 0
            out[i] = row[i] &- predict(a: a, b: previous[i], c: c)
        }
        return out
    }

    /// Reverses the filter in place on `row`, using the already-reconstructed previous row.
    func reverse(row: inout [UInt8], at start: Int, previousStart: Int?, count: Int, bpp: Int) {
        for i in 0..<count {
            let hasLeft = i >= bpp
            let a = hasLeft ? row[start + i - bpp] : 0
            var b: UInt8 = 0, c: UInt8 = 0
            if let previousStart {
                b = row[previousStart + i]
                c = hasLeft ? row[previousStart + i - bpp] : 0
            }
            row[start + i] = row[start + i] &+ predict(a: a, b: b, c: c)
        }
    }

    private func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 {
        switch self {
        case .none: return 0
        case .sub: return a
        case .up: return b
        case .average: return UInt8((UInt16(a) + UInt16(b)) / 2)
        case .paeth:
            let p = Int(a) + Int(b) - Int(c)
            let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
            if pa <= pb && pa <= pc { return a }
            return pb <= pc ? b : c
        }
    }
}

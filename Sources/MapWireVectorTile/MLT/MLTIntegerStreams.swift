import MapWireWireFormat

/// Integer streams decoded in the specification's two passes: the physical one (little-endian
/// words, LEB128 varints or FastPFOR) and the logical one (zigzag, delta, run-length, Morton).
/// Every result is charged to the tile's budget before it is allocated.
extension MLTStream {
    /// Unsigned 32-bit values (lengths, offsets, dictionary indices, ids, u8/u32 properties).
    func unsigned32(_ budget: MLTBudget) throws(MLTProblem) -> [UInt32] {
        try words(physical32(budget), zigzag: false, budget)
    }

    /// Signed 32-bit values (vertices, i8/i32 properties): zigzag under every transform.
    func signed32(_ budget: MLTBudget) throws(MLTProblem) -> [Int32] {
        let raw = try physical32(budget)
        switch logical {
        case .componentwiseDelta:
            guard raw.count % 2 == 0 else { throw MLTProblem("a vertex stream with an odd number of coordinates") }
            var result = raw.map(Self.unzigzag)
            var index = 2
            while index < result.count {
                result[index] &+= result[index - 2]
                result[index + 1] &+= result[index - 1]
                index += 2
            }
            return result.map { Int32(bitPattern: $0) }
        case .morton(let bits, let shift):
            try budget.spend(raw.count, for: "a Morton vertex stream")
            return raw.flatMap { Self.mortonVertex($0, bits: bits, shift: shift) }
        case .mortonDelta(let bits, let shift):
            try budget.spend(raw.count, for: "a Morton vertex stream")
            // Morton deltas are plain two's complement, not zigzag (the reference encoders agree).
            var code: UInt32 = 0
            return raw.flatMap { delta in
                code &+= delta
                return Self.mortonVertex(code, bits: bits, shift: shift)
            }
        default:
            return try words(raw, zigzag: true, budget).map { Int32(bitPattern: $0) }
        }
    }

    /// Unsigned 64-bit values (long ids, u64 properties).
    func unsigned64(_ budget: MLTBudget) throws(MLTProblem) -> [UInt64] {
        try words(physical64(budget), zigzag: false, budget)
    }

    /// Signed 64-bit values (i64 properties).
    func signed64(_ budget: MLTBudget) throws(MLTProblem) -> [Int64] {
        try words(physical64(budget), zigzag: true, budget).map { Int64(bitPattern: $0) }
    }

    /// The transforms integers of every width share, worked on their bit patterns: plain and run-length
    /// values zigzag-encoded when signed, deltas always zigzag-encoded.
    private func words<Word: FixedWidthInteger & UnsignedInteger>(_ raw: [Word], zigzag: Bool, _ budget: MLTBudget) throws(MLTProblem) -> [Word] {
        switch logical {
        case .none: return zigzag ? raw.map(Self.unzigzag) : raw
        case .rle(let runs, let values):
            let expanded = try Self.expandRuns(raw, runs: runs, values: values, budget)
            return zigzag ? expanded.map(Self.unzigzag) : expanded
        case .delta: return Self.prefixSums(raw.map(Self.unzigzag))
        case .deltaRLE(let runs, let values):
            return Self.prefixSums(try Self.expandRuns(raw, runs: runs, values: values, budget).map(Self.unzigzag))
        default: throw MLTProblem("\(logical) cannot encode \(MemoryLayout<Word>.size * 8)-bit \(zigzag ? "" : "un")signed integers")
        }
    }

    // MARK: Physical pass

    private func physical32(_ budget: MLTBudget) throws(MLTProblem) -> [UInt32] {
        guard physical == .fastPFOR else { return try physicalWords(budget) }
        try budget.spend(count, for: "a FastPFOR stream")
        return try FastPFORDecoding.decode(payload, count: count)
    }

    private func physical64(_ budget: MLTBudget) throws(MLTProblem) -> [UInt64] {
        guard physical != .fastPFOR else { throw MLTProblem("FastPFOR encodes 32-bit integers only") }
        return try physicalWords(budget)
    }

    /// Little-endian words or varints of `Word`'s width.
    private func physicalWords<Word: FixedWidthInteger & UnsignedInteger>(_ budget: MLTBudget) throws(MLTProblem) -> [Word] {
        let width = MemoryLayout<Word>.size
        if physical == .none {
            guard payload.count >= count * width else { throw .truncated("a stream of \(count) \(width * 8)-bit words") }
            try budget.spend(count, for: "a stream")
            return (0..<count).map { Word(littleEndian: payload.loadUnaligned(fromByteOffset: $0 * width, as: Word.self)) }
        }
        // Every varint takes at least one byte: a larger count is a lie, refused before allocating.
        guard count <= payload.count else { throw .truncated("a stream of \(count) varints") }
        try budget.spend(count, for: "a stream")
        var reader = ProtobufWireReader(payload)
        var values: [Word] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = reader.varint() else { throw .truncated("a stream of \(count) varints") }
            guard let word = Word(exactly: value) else { throw MLTProblem("a \(width * 8)-bit stream holds the value \(value)") }
            values.append(word)
        }
        return values
    }

    // MARK: Logical pass

    /// `runs` run lengths, then `runs` values; the lengths must add up to `values`.
    private static func expandRuns<T: FixedWidthInteger>(_ raw: [T], runs: Int, values: Int, _ budget: MLTBudget) throws(MLTProblem) -> [T] {
        guard raw.count == runs * 2 else {
            throw MLTProblem("a run-length stream with \(raw.count) integers for \(runs) runs")
        }
        var total = 0
        for length in raw[0..<runs] {
            guard let run = Int(exactly: length) else { throw MLTProblem("a run of \(length) values") }
            total += run
            guard total <= values else { break }
        }
        guard total == values else {
            throw MLTProblem("run lengths that do not add up to the \(values) values the stream states")
        }
        try budget.spend(values, for: "a run-length stream")
        var result: [T] = []
        result.reserveCapacity(values)
        for run in 0..<runs {
            result.append(contentsOf: repeatElement(raw[runs + run], count: Int(raw[run])))
        }
        return result
    }

    private static func prefixSums<T: FixedWidthInteger>(_ deltas: [T]) -> [T] {
        var sum: T = 0
        return deltas.map { delta in
            sum &+= delta
            return sum
        }
    }

    /// A zigzag-encoded value's two's complement bit pattern.
    static func unzigzag<Word: FixedWidthInteger & UnsignedInteger>(_ value: Word) -> Word { (value >> 1) ^ (0 &- (value & 1)) }

    /// A Z-order code's x (even bits) and y (odd bits), less the shift that made them non-negative.
    private static func mortonVertex(_ code: UInt32, bits: Int, shift: UInt32) -> [Int32] {
        var x: UInt32 = 0, y: UInt32 = 0
        for bit in 0..<bits {
            x |= ((code >> (2 * bit)) & 1) << bit
            y |= ((code >> (2 * bit + 1)) & 1) << bit
        }
        return [Int32(bitPattern: x &- shift), Int32(bitPattern: y &- shift)]
    }
}

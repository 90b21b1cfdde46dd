import MapWireWireFormat

/// Integer streams decoded in the specification's two passes: the physical one (little-endian
/// words, LEB128 varints or FastPFOR) and the logical one (zigzag, delta, run-length, Morton).
/// Every result is charged to the tile's budget before it is allocated.
extension MLTStream {
    /// Unsigned 32-bit values (lengths, offsets, dictionary indices, ids, u8/u32 properties).
    func unsigned32(_ budget: MLTBudget) throws(MLTProblem) -> [UInt32] {
        let raw = try physical32(budget)
        switch logical {
        case .none: return raw
        case .rle(let runs, let values): return try Self.expandRuns(raw, runs: runs, values: values, budget)
        case .delta: return Self.prefixSums(raw.map(Self.unzigzag)).map { UInt32(bitPattern: $0) }
        case .deltaRLE(let runs, let values):
            let expanded = try Self.expandRuns(raw, runs: runs, values: values, budget)
            return Self.prefixSums(expanded.map(Self.unzigzag)).map { UInt32(bitPattern: $0) }
        default: throw MLTProblem("\(logical) cannot encode unsigned integers")
        }
    }

    /// Signed 32-bit values (vertices, i8/i32 properties): zigzag under every transform.
    func signed32(_ budget: MLTBudget) throws(MLTProblem) -> [Int32] {
        let raw = try physical32(budget)
        switch logical {
        case .none: return raw.map(Self.unzigzag)
        case .rle(let runs, let values): return try Self.expandRuns(raw, runs: runs, values: values, budget).map(Self.unzigzag)
        case .delta: return Self.prefixSums(raw.map(Self.unzigzag))
        case .deltaRLE(let runs, let values):
            return Self.prefixSums(try Self.expandRuns(raw, runs: runs, values: values, budget).map(Self.unzigzag))
        case .componentwiseDelta:
            guard raw.count % 2 == 0 else { throw MLTProblem("a vertex stream with an odd number of coordinates") }
            var result = raw.map(Self.unzigzag)
            var index = 2
            while index < result.count {
                result[index] &+= result[index - 2]
                result[index + 1] &+= result[index - 1]
                index += 2
            }
            return result
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
        case .pseudoDecimal: throw MLTProblem("pseudo-decimal integers are not supported")
        }
    }

    /// Unsigned 64-bit values (long ids, u64 properties).
    func unsigned64(_ budget: MLTBudget) throws(MLTProblem) -> [UInt64] {
        let raw = try physical64(budget)
        switch logical {
        case .none: return raw
        case .rle(let runs, let values): return try Self.expandRuns(raw, runs: runs, values: values, budget)
        case .delta: return Self.prefixSums(raw.map(Self.unzigzag)).map { UInt64(bitPattern: $0) }
        case .deltaRLE(let runs, let values):
            return Self.prefixSums(try Self.expandRuns(raw, runs: runs, values: values, budget).map(Self.unzigzag))
                .map { UInt64(bitPattern: $0) }
        default: throw MLTProblem("\(logical) cannot encode 64-bit integers")
        }
    }

    /// Signed 64-bit values (i64 properties).
    func signed64(_ budget: MLTBudget) throws(MLTProblem) -> [Int64] {
        let raw = try physical64(budget)
        switch logical {
        case .none: return raw.map(Self.unzigzag)
        case .rle(let runs, let values): return try Self.expandRuns(raw, runs: runs, values: values, budget).map(Self.unzigzag)
        case .delta: return Self.prefixSums(raw.map(Self.unzigzag))
        case .deltaRLE(let runs, let values):
            return Self.prefixSums(try Self.expandRuns(raw, runs: runs, values: values, budget).map(Self.unzigzag))
        default: throw MLTProblem("\(logical) cannot encode 64-bit integers")
        }
    }

    // MARK: Physical pass

    private func physical32(_ budget: MLTBudget) throws(MLTProblem) -> [UInt32] {
        switch physical {
        case .none:
            guard payload.count >= count * 4 else { throw .truncated("a stream of \(count) 32-bit words") }
            try budget.spend(count, for: "a stream")
            return (0..<count).map { UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        case .varint:
            // Every varint takes at least one byte: a larger count is a lie, refused before allocating.
            guard count <= payload.count else { throw .truncated("a stream of \(count) varints") }
            try budget.spend(count, for: "a stream")
            var reader = ProtobufWireReader(payload)
            var values: [UInt32] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                guard let value = reader.varint() else { throw .truncated("a stream of \(count) varints") }
                guard value <= UInt64(UInt32.max) else { throw MLTProblem("a 32-bit stream holds the value \(value)") }
                values.append(UInt32(value))
            }
            return values
        case .fastPFOR:
            try budget.spend(count, for: "a FastPFOR stream")
            return try FastPFORDecoding.decode(payload, count: count)
        }
    }

    private func physical64(_ budget: MLTBudget) throws(MLTProblem) -> [UInt64] {
        switch physical {
        case .none:
            guard payload.count >= count * 8 else { throw .truncated("a stream of \(count) 64-bit words") }
            try budget.spend(count, for: "a stream")
            return (0..<count).map { UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
        case .varint:
            guard count <= payload.count else { throw .truncated("a stream of \(count) varints") }
            try budget.spend(count, for: "a stream")
            var reader = ProtobufWireReader(payload)
            var values: [UInt64] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                guard let value = reader.varint() else { throw .truncated("a stream of \(count) varints") }
                values.append(value)
            }
            return values
        case .fastPFOR:
            throw MLTProblem("FastPFOR encodes 32-bit integers only")
        }
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

    static func unzigzag(_ value: UInt32) -> Int32 { Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1))) }
    static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))) }

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

/// Boolean streams (presence bits and boolean properties): bits low first in each byte, the bytes
/// run-length encoded as ORC encodes bytes unless the header says they are plain.
extension MLTStream {
    func booleans(_ budget: MLTBudget) throws(MLTProblem) -> [Bool] {
        guard physical != .varint else { throw MLTProblem("a boolean stream encoded as varints") }
        try budget.spend(count, for: "a boolean stream")
        let byteCount = (count + 7) / 8
        let bytes: [UInt8]
        if logical == .none, physical == .none {
            guard payload.count >= byteCount else { throw .truncated("a stream of \(count) bits") }
            bytes = Array(payload.prefix(byteCount))
        } else {
            bytes = try Self.expandByteRuns(payload, count: byteCount)
        }
        return (0..<count).map { bytes[$0 / 8] >> UInt8($0 % 8) & 1 == 1 }
    }

    /// A control byte below 128 repeats the next byte control + 3 times; from 128 up, 256 - control
    /// literal bytes follow.
    private static func expandByteRuns(_ input: UnsafeRawBufferPointer, count: Int) throws(MLTProblem) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var at = 0
        while output.count < count {
            guard at < input.count else { throw .truncated("a run-length boolean stream") }
            let control = Int(input[at])
            at += 1
            if control < 128 {
                guard at < input.count else { throw .truncated("a run-length boolean stream") }
                output.append(contentsOf: repeatElement(input[at], count: min(control + 3, count - output.count)))
                at += 1
            } else {
                let literal = 256 - control
                guard literal <= input.count - at else { throw .truncated("a run-length boolean stream") }
                output.append(contentsOf: input[at..<at + min(literal, count - output.count)])
                at += literal
            }
        }
        return output
    }
}

/// Which features a nullable column has a value for; nil means every feature has one.
struct MLTPresence {
    let bits: [Bool]?

    /// Spreads dense values (one per present feature) over `featureCount` features.
    func spread<T>(_ values: [T], featureCount: Int, column: String) throws(MLTProblem) -> [T?] {
        guard let bits else {
            guard values.count == featureCount else {
                throw MLTProblem("column \"\(column)\" has \(values.count) values for \(featureCount) features")
            }
            return values
        }
        guard bits.count >= featureCount else {
            throw MLTProblem("column \"\(column)\" has \(bits.count) presence bits for \(featureCount) features")
        }
        var result: [T?] = []
        result.reserveCapacity(featureCount)
        var next = 0
        for present in bits.prefix(featureCount) {
            if present {
                guard next < values.count else { throw MLTProblem("column \"\(column)\" has fewer values than present features") }
                result.append(values[next])
                next += 1
            } else {
                result.append(nil)
            }
        }
        return result
    }
}

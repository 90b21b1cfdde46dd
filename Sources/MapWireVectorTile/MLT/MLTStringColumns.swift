import MapWireWireFormat

/// String columns: plain (lengths and bytes), dictionary (indices into distinct strings) and FSST
/// (the bytes compressed with a symbol table), found by stream type rather than position.
struct MLTStringStreams {
    private var lengths: MLTStream?
    private var data: MLTStream?
    private var offsets: MLTStream?
    private var symbolLengths: MLTStream?
    private var symbolTable: MLTStream?

    init(_ streams: [MLTStream]) throws(MLTProblem) {
        for stream in streams {
            switch stream.kind {
            case .length(0), .length(6): lengths = stream
            case .data(0), .data(1), .data(2): data = stream
            case .offset(2), .offset(3): offsets = stream
            case .length(5): symbolLengths = stream
            case .data(5): symbolTable = stream
            default: throw MLTProblem("a string column holds a stream of type \(stream.kind)")
            }
        }
    }

    /// The distinct strings (dictionary columns) or every present feature's string (plain ones).
    func strings(_ budget: MLTBudget) throws(MLTProblem) -> [String] {
        guard let lengths, let data else { throw MLTProblem("a string column without lengths or data") }
        let bytes: [UInt8]
        if symbolLengths != nil || symbolTable != nil {
            guard let symbolLengths, let symbolTable else { throw MLTProblem("an FSST column without its symbol table") }
            bytes = try Self.expandFSST(data.payload, symbolLengths: symbolLengths.unsigned32(budget),
                                        symbols: symbolTable.payload, budget)
        } else {
            bytes = Array(data.payload)
        }
        let sizes = try lengths.unsigned32(budget)
        try budget.spend(sizes.count, for: "a string column")
        var strings: [String] = []
        strings.reserveCapacity(sizes.count)
        var start = 0
        for size in sizes {
            let end = start + Int(size)
            guard end <= bytes.count else { throw .truncated("a string column's \(sizes.count) strings") }
            let string = bytes[start..<end].withUnsafeBytes { ProtobufWireReader.string($0) }
            guard let string else { throw MLTProblem("a string that is not UTF-8") }
            strings.append(string)
            start = end
        }
        return strings
    }

    /// Each present feature's string: straight, or looked up through the dictionary indices.
    func values(_ budget: MLTBudget) throws(MLTProblem) -> [String] {
        let strings = try strings(budget)
        guard let offsets else { return strings }
        return try Self.lookUp(offsets.unsigned32(budget), in: strings)
    }

    static func lookUp(_ indices: [UInt32], in strings: [String]) throws(MLTProblem) -> [String] {
        try indices.map { index throws(MLTProblem) in
            guard Int(index) < strings.count else {
                throw MLTProblem("string index \(index) beyond a dictionary of \(strings.count)")
            }
            return strings[Int(index)]
        }
    }

    /// FSST: each code byte stands for a symbol of up to eight bytes; 255 escapes the next byte.
    private static func expandFSST(_ codes: UnsafeRawBufferPointer, symbolLengths: [UInt32], symbols: UnsafeRawBufferPointer,
                                   _ budget: MLTBudget) throws(MLTProblem) -> [UInt8] {
        var starts: [Int] = []
        var start = 0
        for length in symbolLengths {
            guard length <= 8 else { throw MLTProblem("an FSST symbol of \(length) bytes (at most 8)") }
            starts.append(start)
            start += Int(length)
        }
        guard start <= symbols.count else { throw .truncated("an FSST symbol table") }
        // The output is at most eight bytes a code, as many bytes as `codes.count` 8-byte values:
        // charged up front, so it cannot grow unchecked.
        try budget.spend(codes.count, for: "an FSST string column")
        var output: [UInt8] = []
        output.reserveCapacity(codes.count * 2)
        var at = 0
        while at < codes.count {
            let code = Int(codes[at])
            at += 1
            if code == 255 {
                guard at < codes.count else { throw .truncated("an FSST escape") }
                output.append(codes[at])
                at += 1
            } else {
                guard code < starts.count else { throw MLTProblem("FSST code \(code) beyond a table of \(starts.count) symbols") }
                output.append(contentsOf: symbols[starts[code]..<starts[code] + Int(symbolLengths[code])])
            }
        }
        return output
    }
}

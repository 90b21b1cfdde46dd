/// FastPFOR as MLT writes it (Lemire and Boytsov, "Decoding billions of integers per second through
/// vectorization"): 32-bit words stored big-endian; blocks of 256 values bit-packed at a per-block
/// width with exceptions patched in, in pages of up to 65,536 values; the values left over after
/// the last whole block follow as variable bytes. Every position and count read from the stream is
/// checked against the words that are there.
enum FastPFORDecoding {
    static let blockSize = 256
    static let pageSize = 65_536

    static func decode(_ bytes: UnsafeRawBufferPointer, count: Int) throws(MLTProblem) -> [UInt32] {
        guard count > 0 else { return [] }
        guard bytes.count % 4 == 0 else { throw MLTProblem("a FastPFOR stream of \(bytes.count) bytes, not whole words") }
        let words = (0..<bytes.count / 4).map { UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        guard let blocked = words.first.map(Int.init) else { throw .truncated("a FastPFOR stream") }
        guard blocked % blockSize == 0, blocked <= count else {
            throw MLTProblem("a FastPFOR stream with \(blocked) block-packed values for \(count) in all")
        }
        var values: [UInt32] = []
        values.reserveCapacity(count)
        var position = 1
        while values.count < blocked {
            try decodePage(words, at: &position, count: min(pageSize, blocked - values.count), into: &values)
        }
        try decodeVariableBytes(words, from: position, count: count - blocked, into: &values)
        return values
    }

    /// One page: [offset of its metadata] [packed blocks] [byte count] [per-block bytes] [bitmap]
    /// [for each exception width set in the bitmap: count, packed values].
    private static func decodePage(_ words: [UInt32], at position: inout Int, count: Int, into values: inout [UInt32]) throws(MLTProblem) {
        let pageStart = position
        guard pageStart < words.count else { throw .truncated("a FastPFOR page") }
        let metadataOffset = Int(words[pageStart])
        var cursor = pageStart + metadataOffset
        guard metadataOffset > 0, cursor < words.count else { throw .truncated("a FastPFOR page") }
        let byteCount = Int(words[cursor])
        cursor += 1
        let byteWords = (byteCount + 3) / 4
        guard byteWords <= words.count - cursor else { throw .truncated("a FastPFOR page's block descriptions") }
        let blockBytes = words[cursor..<cursor + byteWords].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
        cursor += byteWords
        guard cursor < words.count else { throw .truncated("a FastPFOR page's exception bitmap") }
        let bitmap = words[cursor]
        cursor += 1
        var exceptions = [[UInt32]](repeating: [], count: 33)
        for width in 2...32 where bitmap & (1 << (width - 1)) != 0 {
            guard cursor < words.count else { throw .truncated("a FastPFOR page's exceptions") }
            let exceptionCount = Int(words[cursor])
            cursor += 1
            // Each block has at most 256 exceptions; a larger count is not a real page.
            guard exceptionCount <= count else { throw MLTProblem("a FastPFOR page claims \(exceptionCount) exceptions for \(count) values") }
            let needed = (exceptionCount * width + 31) / 32
            guard needed <= words.count - cursor else { throw .truncated("a FastPFOR page's exceptions") }
            exceptions[width] = unpack(words, from: cursor, count: exceptionCount, width: width)
            cursor += needed
        }
        var used = [Int](repeating: 0, count: 33)
        var packed = pageStart + 1
        var byteIndex = 0
        func nextByte() throws(MLTProblem) -> Int {
            guard byteIndex < min(byteCount, blockBytes.count) else { throw .truncated("a FastPFOR page's block descriptions") }
            defer { byteIndex += 1 }
            return Int(blockBytes[byteIndex])
        }
        for _ in 0..<count / blockSize {
            let width = try nextByte(), exceptionCount = try nextByte()
            guard width <= 32 else { throw MLTProblem("a FastPFOR block of \(width)-bit values") }
            guard width * blockSize / 32 <= pageStart + metadataOffset - packed else { throw .truncated("a FastPFOR block") }
            var block = unpack(words, from: packed, count: blockSize, width: width)
            packed += width * blockSize / 32
            if exceptionCount > 0 {
                let maxWidth = try nextByte()
                guard maxWidth > width, maxWidth <= 32 else { throw MLTProblem("a FastPFOR block with exceptions of \(maxWidth) bits over \(width)") }
                let extra = maxWidth - width
                for _ in 0..<exceptionCount {
                    let index = try nextByte()
                    if extra == 1 {
                        block[index] |= 1 << width
                    } else {
                        guard used[extra] < exceptions[extra].count else { throw .truncated("a FastPFOR page's exceptions") }
                        block[index] |= exceptions[extra][used[extra]] << width
                        used[extra] += 1
                    }
                }
            }
            values.append(contentsOf: block)
        }
        position = cursor
    }

    /// The leftover values: seven bits a byte, low bits first, the last byte of each value marked by its
    /// high bit; bytes are taken from each word's low end first.
    private static func decodeVariableBytes(_ words: [UInt32], from start: Int, count: Int, into values: inout [UInt32]) throws(MLTProblem) {
        var produced = 0, value: UInt32 = 0, shift: UInt32 = 0
        var index = start
        while produced < count, index < words.count {
            let word = words[index]
            for byteIndex in 0..<4 where produced < count {
                let byte = UInt32(truncatingIfNeeded: word >> (8 * UInt32(byteIndex))) & 0xFF
                guard shift < 32 else { throw MLTProblem("a FastPFOR variable-byte value longer than 32 bits") }
                value |= (byte & 0x7F) << shift
                if byte & 0x80 != 0 {
                    values.append(value)
                    produced += 1
                    value = 0
                    shift = 0
                } else {
                    shift += 7
                }
            }
            index += 1
        }
        guard produced == count else { throw .truncated("a FastPFOR stream's last \(count) values") }
    }

    /// `count` values of `width` bits packed low bits first across consecutive words.
    private static func unpack(_ words: [UInt32], from start: Int, count: Int, width: Int) -> [UInt32] {
        guard width > 0 else { return [UInt32](repeating: 0, count: count) }
        let mask: UInt32 = width == 32 ? .max : (1 << UInt32(width)) - 1
        return (0..<count).map { index in
            let bit = index * width
            let word = start + bit / 32, offset = bit % 32
            var value = words[word] >> UInt32(offset)
            if offset + width > 32 { value |= words[word + 1] << UInt32(32 - offset) }
            return value & mask
        }
    }
}

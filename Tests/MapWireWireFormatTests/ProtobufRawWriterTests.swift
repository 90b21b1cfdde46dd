import MapWireNumerics
import Testing
@testable import MapWireWireFormat

/// The publish path's pointer writer against the array writer: the same bytes for the same values, nested
/// lengths moved up past one byte, and a buffer that grows while a nested message is open.
@Suite struct ProtobufRawWriterTests {
    @Test func randomValuesAreWrittenAsTheArrayWriterWritesThem() {
        var random = SeededRandom(seed: 20)
        for round in 0..<2000 {
            // A small start so that most rounds grow the buffer somewhere.
            var raw = ProtobufRawWriter(capacity: 16)
            var array = ProtobufWireWriter()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                write(random: &random, depth: 0, raw: &raw, array: &array)
            }
            #expect(raw.bytes == array.bytes, "round \(round)")
            #expect(raw.count == array.bytes.count)
            if raw.bytes != array.bytes { return }
        }
    }

    @Test func nestedLengthsOfEveryVarintSize() {
        for length in [0, 1, 127, 128, 129, 16_383, 16_384, 70_000] {
            var raw = ProtobufRawWriter(capacity: 8)
            raw.key(2, wireType: 2)
            let mark = raw.beginLength()
            let body = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
            body.withUnsafeBytes { raw.raw($0) }
            raw.endLength(mark)
            raw.varint(7)
            var array = ProtobufWireWriter()
            array.key(2, wireType: 2)
            array.lengthDelimited(body)
            array.varint(7)
            #expect(raw.bytes == array.bytes, "length \(length)")
        }
    }

    @Test func guessedLengthsOfEveryVarintSizeRightOrWrong() {
        let lengths = [0, 1, 127, 128, 129, 16_383, 16_384, 70_000]
        for length in lengths {
            for guess in lengths + [-5] {
                var raw = ProtobufRawWriter(capacity: 8)
                raw.varint(1)
                raw.key(2, wireType: 2)
                let begun = raw.beginLength(expecting: guess)
                let body = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
                body.withUnsafeBytes { raw.raw($0) }
                raw.endLength(begun)
                raw.varint(7)
                var array = ProtobufWireWriter()
                array.varint(1)
                array.key(2, wireType: 2)
                array.lengthDelimited(body)
                array.varint(7)
                #expect(raw.bytes == array.bytes, "length \(length), guess \(guess)")
            }
        }
    }

    @Test func repeatedBytesAndWordsAreTheBytesAsked() {
        var random = SeededRandom(seed: 21)
        for round in 0..<500 {
            var raw = ProtobufRawWriter(capacity: 64)
            var expected: [UInt8] = []
            let prefix = (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            prefix.withUnsafeBytes { raw.raw($0) }
            expected += prefix
            // A varint written, then copied (the publisher's end time after its begin time).
            let value = random.next() >> UInt64.random(in: 0...63, using: &random)
            let start = raw.count
            raw.varint(value)
            let n = raw.count - start
            expected += raw.bytes[start...]
            raw.reserve(16)
            raw.repeatBytes(from: start, count: n)
            expected += raw.bytes[start..<start + n]
            // Up to 64 bytes from words, and read back as words.
            let count = Int.random(in: 0...64, using: &random)
            let words = (random.next(), random.next(), random.next(), random.next(),
                         random.next(), random.next(), random.next(), random.next())
            raw.reserve(64)
            let wordsStart = raw.count
            raw.uncheckedWords(words, count: count)
            expected += withUnsafeBytes(of: words) { Array($0.prefix(count)) }
            #expect(withUnsafeBytes(of: raw.words(from: wordsStart)) { Array($0.prefix(count)) } == withUnsafeBytes(of: words) { Array($0.prefix(count)) })
            raw.varint(5)
            expected.append(5)
            #expect(raw.bytes == expected, "round \(round)")
        }
    }

    @Test func overwriteReplacesFourBytesInPlace() {
        var raw = ProtobufRawWriter()
        raw.varint(1 << 40)
        let before = raw.bytes
        raw.overwrite(0x8483_8281, at: 1)
        #expect(raw.bytes == [before[0], 0x81, 0x82, 0x83, 0x84] + before[5...])
        #expect(raw.count == before.count)
    }

    @Test func removeAllAndTruncateKeepWhatCameBefore() {
        var raw = ProtobufRawWriter()
        raw.varint(300)
        let mark = raw.count
        raw.lengthDelimited("dropped")
        raw.truncate(to: mark)
        raw.fixed32(1)
        #expect(raw.bytes == [0xAC, 0x02, 1, 0, 0, 0])
        raw.withBytes { #expect(Array($0) == [0xAC, 0x02, 1, 0, 0, 0]) }
        raw.removeAll()
        #expect(raw.bytes.isEmpty)
    }

    private func write(random r: inout SeededRandom, depth: Int, raw: inout ProtobufRawWriter, array: inout ProtobufWireWriter) {
        let field = Int.random(in: 1...3000, using: &r)
        switch Int.random(in: 0..<(depth < 3 ? 6 : 5), using: &r) {
        case 0:
            let value = r.next() >> UInt64.random(in: 0...63, using: &r)
            raw.key(field, wireType: 0); raw.varint(value)
            array.key(field, wireType: 0); array.varint(value)
        case 1:
            let value = r.next()
            raw.key(field, wireType: 1); raw.fixed64(value)
            array.key(field, wireType: 1); array.fixed64(value)
        case 2:
            let value = UInt32(truncatingIfNeeded: r.next())
            raw.key(field, wireType: 5); raw.fixed32(value)
            array.key(field, wireType: 5)
            withUnsafeBytes(of: value.littleEndian) { array.bytes.append(contentsOf: $0) }
        case 3:
            // ASCII, multi-byte UTF-8, small (inline) and long strings.
            let unit = ["a", "é", "東", "🗺", "x"].randomElement(using: &r)!
            let text = String(repeating: unit, count: Int.random(in: 0...200, using: &r))
            raw.key(field, wireType: 2); raw.lengthDelimited(text)
            array.key(field, wireType: 2); array.lengthDelimited(text.utf8)
        case 4:
            let bytes = (0..<Int.random(in: 0...300, using: &r)).map { _ in UInt8.random(in: 0...255, using: &r) }
            raw.key(field, wireType: 2); bytes.withUnsafeBytes { raw.lengthDelimited($0) }
            array.key(field, wireType: 2); array.lengthDelimited(bytes)
        default:
            // A nested message of random fields: the raw writer writes its length after the body, the
            // array writer gets the same fields into a writer of their own and then a length and them.
            raw.key(field, wireType: 2)
            let mark = raw.beginLength()
            var inner = ProtobufWireWriter()
            for _ in 0..<Int.random(in: 0...8, using: &r) { write(random: &r, depth: depth + 1, raw: &raw, array: &inner) }
            raw.endLength(mark)
            array.key(field, wireType: 2)
            array.lengthDelimited(inner.bytes)
        }
    }
}


import Testing
@testable import MapWireWireFormat

/// The one wire-format reader and writer: round trips, and every way bytes can end inside a value.
@Suite struct ProtobufWireTests {
    @Test func varintsRoundTripAtEveryLength() {
        for value: UInt64 in [0, 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), .max] {
            let bytes = ProtobufWireWriter.varintBytes(value)
            bytes.withUnsafeBytes { raw in
                var reader = ProtobufWireReader(raw)
                #expect(reader.varint() == value)
                #expect(reader.isAtEnd)
            }
        }
        #expect(ProtobufWireWriter.varintBytes(0) == [0])
        #expect(ProtobufWireWriter.varintBytes(300) == [0xAC, 0x02])
        #expect(ProtobufWireWriter.varintBytes(.max).count == 10)
    }

    @Test func writesAndReadsEachWireType() {
        var writer = ProtobufWireWriter()
        writer.key(1, wireType: 0); writer.varint(150)
        writer.key(2, wireType: 1); writer.fixed64(0x0102_0304_0506_0708)
        writer.key(6, wireType: 2); writer.lengthDelimited("map".utf8)
        writer.key(131, wireType: 5); writer.bytes += [1, 0, 0, 0]
        #expect(Array(writer.bytes.prefix(3)) == [0x08, 0x96, 0x01])
        writer.bytes.withUnsafeBytes { raw in
            var reader = ProtobufWireReader(raw)
            #expect(reader.key()! == (1, 0)); #expect(reader.varint() == 150)
            #expect(reader.key()! == (2, 1)); #expect(reader.fixed64() == 0x0102_0304_0506_0708)
            #expect(reader.key()! == (6, 2)); #expect(reader.lengthDelimited().map { Array($0) } == Array("map".utf8))
            #expect(reader.key()! == (131, 5)); #expect(reader.fixed32() == 1)
            #expect(reader.isAtEnd)
        }
        writer.removeAll()
        #expect(writer.bytes.isEmpty)
    }

    @Test func truncatedValuesAreNil() {
        func read(_ bytes: [UInt8], _ body: (inout ProtobufWireReader) -> Bool) -> Bool {
            bytes.withUnsafeBytes { raw in
                var reader = ProtobufWireReader(raw)
                return body(&reader)
            }
        }
        #expect(read([0x80, 0x80]) { $0.varint() == nil })
        #expect(read([UInt8](repeating: 0x80, count: 11) + [0]) { $0.varint() == nil })  // longer than 64 bits
        #expect(read([1, 2, 3, 4, 5, 6, 7]) { $0.fixed64() == nil })
        #expect(read([1, 2, 3]) { $0.fixed32() == nil })
        #expect(read([5, 1, 2]) { $0.lengthDelimited() == nil })
        #expect(read([5, 1, 2]) { !$0.skip(wireType: 2) })
        #expect(read([1, 2, 3, 4]) { $0.skip(wireType: 5) && $0.isAtEnd })
        #expect(read([0x96, 0x01]) { $0.skip(wireType: 0) && $0.offset == 2 })
        #expect(read([0]) { !$0.skip(wireType: 3) && !$0.skip(wireType: 4) && !$0.skip(wireType: 7) })
    }
}

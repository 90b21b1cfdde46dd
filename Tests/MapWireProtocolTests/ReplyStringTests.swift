import Foundation
import MapWireNumerics
import MapWireProtocol
import SwiftProtobuf
import Testing

/// The resource reply's strings read by the generated reader with the ASCII fast lane: ASCII, other UTF-8 and bad UTF-8 at every
/// place in an eight-byte block give what swift-protobuf gives (the same strings, or the same refusal).
@Suite struct ReplyStringTests {
    static func reply(etag: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x32, 0]                      // ControlMessage.reply, its length below
        var body: [UInt8] = [0x08, 0x07, 0x52, 0]           // id 7, resource, its length below
        let response: [UInt8] = [0x42, UInt8(etag.count)] + etag  // ResourceResponse.etag
        body += [0x12, UInt8(response.count)] + response
        body[3] = UInt8(body.count - 4)
        frame[1] = UInt8(body.count)
        return frame + body
    }

    @Test func everyByteOfAnEtagIsCheckedAsSwiftProtobufChecksIt() throws {
        let base = Array("\"3800-2ed2-abcdef\"".utf8)        // 18 bytes: two blocks of eight and a tail
        var cases: [[UInt8]] = [[], base, Array("ü✗ 東京".utf8), Array("0123456ü".utf8)]
        for at in base.indices {
            for bad: [UInt8] in [[0xFF], [0x80], [0xC3], [0xC3, 0xBC]] {
                var etag = base
                etag.replaceSubrange(at...at, with: bad)
                cases.append(etag)
            }
        }
        for etag in cases {
            let bytes = Self.reply(etag: etag)
            let reference = try? Mapwire_V1_ControlMessage(serializedBytes: bytes)
            var plain = bytes.withUnsafeBytes { Mapwire_V1_ControlMessage.Plain(wireFields: $0) } ?? .init()
            let fast = ResourceReply(taking: &plain)?.pluginReply
            if let reference {
                #expect(fast == reference.reply, "\(etag)")
                #expect(fast?.resource.response.etag == String(validating: etag, as: UTF8.self))
            } else {
                #expect(fast == nil, "\(etag)")
                #expect(throws: EnvelopeDecodingError.self) { try ControlCodec.decode(Data(bytes)) }
            }
        }
    }
}

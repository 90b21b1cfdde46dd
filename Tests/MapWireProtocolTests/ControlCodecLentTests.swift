import Foundation
import MapWireProtocol
import Testing

/// `ControlCodec.decode(lent:)`, the plugins' receive (PluginRunner): a message read straight from the
/// socket's buffer decodes as from a `Data` copy, and keeps nothing of the buffer.
@Suite struct ControlCodecLentTests {
    static let tile = Data((0..<37_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    static let frame: Mapwire_V1_ControlMessage = .with {
        $0.request = .with {
            $0.id = 9
            $0.renderFrame = .with {
                $0.frameID = 3
                $0.resources = [.with { $0.key = "t"; $0.data = tile; $0.dataIncluded = true }]
            }
        }
    }

    @Test func aRenderFrameDecodesAsFromDataAndOwnsItsTile() throws {
        var bytes = [UInt8](ControlCodec.encode(Self.frame))
        let decoded = try bytes.withUnsafeBytes { try ControlCodec.decode(lent: $0) }
        #expect(decoded == Self.frame)
        // The socket reuses its buffer once the receive returns: the tile must be the message's own copy.
        for index in bytes.indices { bytes[index] = 0xEE }
        #expect(decoded.request.renderFrame.resources[0].data == Self.tile)
    }

    @Test func aLoadRequestGoesThroughTheGeneratedCodec() throws {
        let load: Mapwire_V1_ControlMessage = .with {
            $0.request = .with { $0.id = 5; $0.attempt = 1; $0.loadResource = .with { $0.request = .with { $0.url = "file:///a.pbf" } } }
        }
        let bytes = ControlCodec.encode(load)
        #expect(try bytes.withUnsafeBytes { try ControlCodec.decode(lent: $0) } == load)
    }

    @Test func garbageIsAClearErrorAndAnEmptyFrameAnEmptyMessage() {
        let garbage: [UInt8] = [0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1]
        #expect(throws: EnvelopeDecodingError.self) { try garbage.withUnsafeBytes { try ControlCodec.decode(lent: $0) } }
        let empty = try? ControlCodec.decode(lent: UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(empty == Mapwire_V1_ControlMessage())
    }
}

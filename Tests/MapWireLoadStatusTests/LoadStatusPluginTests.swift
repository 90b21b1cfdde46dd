import MapWireLoadStatus
import MapWireProtocol
import SwiftProtobuf
import Testing

/// The load-status plugin takes no requests: known kinds are refused as invalid, kinds from a newer
/// core as unknown (PROTOCOL.md 7.4, what `mapwire plugin-check` asks), cancels get no reply.
@Suite struct LoadStatusPluginTests {
    @Test func knownKindsAreInvalidUnknownKindsUnknownAndCancelsUnanswered() throws {
        let load = LoadStatusPlugin.answer(.with { $0.id = 7; $0.loadResource = .init() })
        #expect(load?.id == 7 && load?.error.code == .invalid)

        // A request whose kind is a field this schema lacks decodes with no kind.
        var bytes: [UInt8] = try Mapwire_V1_PluginRequest.with { $0.id = 8 }.serializedBytes()
        bytes += [0x9A, 0x06, 0x00]
        let newer = try Mapwire_V1_PluginRequest(serializedBytes: bytes)
        #expect(newer.kind == nil)
        let unknown = LoadStatusPlugin.answer(newer)
        #expect(unknown?.id == 8 && unknown?.error.code == .unknownMessage && unknown?.error.inReplyTo == 8)

        #expect(LoadStatusPlugin.answer(.with { $0.id = 9; $0.cancel = .with { $0.requestID = 7 } }) == nil)
    }
}

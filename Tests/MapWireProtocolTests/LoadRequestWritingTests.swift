import Foundation
import MapWireNumerics
import MapWireProtocol
import MapWireWireFormat
import SwiftProtobuf
import Testing

/// The core's load requests written into its one reused buffer (`Mapwire_V1_ControlMessage.writeRequest`
/// from the plain form the session keeps): swift-protobuf's bytes for every request, whatever the size of
/// the one before it.
@Suite struct LoadRequestWritingTests {
    @Test func randomisedRequestsAreWrittenAsSwiftProtobufDoes() throws {
        var g = SeededRandom(seed: 2020)
        var writer = ProtobufRawWriter(capacity: 512)
        for _ in 0..<2000 {
            let message = ControlPlainFormTests.randomRequest(&g)
            guard case .request(let request) = message.body, case .loadResource(let load) = request.kind else {
                Issue.record("not a load request"); continue
            }
            // The core's plain form of the body (what the session keeps) is the same load.
            let body = try #require(Mapwire_V1_LoadResource.Plain(load))
            #expect(body.protobuf == load)
            writer.removeAll()
            let attempt = Mapwire_V1_PluginRequest.Plain(id: request.id, deadlineUnixNanos: request.deadlineUnixNanos,
                                                         loadResource: body, attempt: request.attempt)
            Mapwire_V1_ControlMessage.writeRequest(attempt, to: &writer)
            let bytes = writer.bytes
            #expect(bytes == (try message.serializedBytes() as [UInt8]), "\(message)")
            // It is what the loader's reader gives.
            let read = try #require(bytes.withUnsafeBytes { LoaderWirePathTests.loadRequest($0) })
            #expect(read == attempt)
        }
    }

    /// Lengths of 128 bytes and over (the URL, the load, the request) take two-byte prefixes.
    @Test func longRequestsAfterShortOnesAreWrittenAsSwiftProtobufDoes() throws {
        var writer = ProtobufRawWriter(capacity: 512)
        for length in [0, 1, 100, 127, 128, 200, 16_383, 16_384, 3, 70_000, 10] {
            let message = Mapwire_V1_ControlMessage.with {
                $0.request = .with {
                    $0.id = 42
                    $0.deadlineUnixNanos = -1
                    $0.attempt = 2
                    $0.loadResource = .with {
                        $0.request = .with { $0.url = String(repeating: "u", count: length); $0.kind = .tile; $0.loadingMethod = [.network] }
                        $0.tileID = .with { $0.z = 3; $0.x = 1; $0.y = 2 }
                        $0.sourceID = ""
                    }
                }
            }
            writer.removeAll()
            let load = try #require(Mapwire_V1_LoadResource.Plain(message.request.loadResource))
            Mapwire_V1_ControlMessage.writeRequest(
                Mapwire_V1_PluginRequest.Plain(id: 42, deadlineUnixNanos: -1, loadResource: load, attempt: 2), to: &writer)
            #expect(writer.bytes == (try message.serializedBytes() as [UInt8]), "url of \(length) bytes")
        }
    }

    /// A load with unknown fields anywhere has no plain form: `OutgoingRequest.encoded()` gives it to swift-protobuf.
    @Test func unknownFieldsAreDeclined() throws {
        let unknown = try Mapwire_V1_TileId(serializedBytes: [0xA8, 0x01, 0x05] as [UInt8]).unknownFields  // field 21
        var load = Mapwire_V1_LoadResource.with { $0.sourceID = "s" }
        for place in 0..<3 {
            var damaged = load
            switch place {
            case 0: damaged.unknownFields = unknown
            case 1: damaged.request = .with { $0.url = "u"; $0.unknownFields = unknown }
            default: damaged.tileID = .with { $0.z = 1; $0.unknownFields = unknown }
            }
            #expect(Mapwire_V1_LoadResource.Plain(damaged) == nil, "unknown fields in place \(place)")
            let message = Mapwire_V1_ControlMessage.with { $0.request = .with { $0.id = 1; $0.loadResource = damaged } }
            #expect(Mapwire_V1_ControlMessage.Plain(message) == nil, "unknown fields in place \(place)")
            #expect(ControlCodec.encode(message) == (try message.serializedBytes()), "unknown fields in place \(place)")
        }
        load.tileID = .with { $0.z = 1 }
        #expect(Mapwire_V1_LoadResource.Plain(load) != nil)
    }
}

import Foundation
import MapWireNumerics
import MapWireProtocol
import SwiftProtobuf
import Testing

/// The core's load requests written into its one reused buffer (`LoadRequestWriter`): swift-protobuf's
/// bytes for every request, whatever the size of the one before it.
@Suite struct LoadRequestWriterTests {
    @Test func randomisedRequestsAreWrittenAsSwiftProtobufDoes() throws {
        var g = SeededRandom(seed: 2020)
        var writer = LoadRequestWriter()
        for _ in 0..<2000 {
            let message = LoadMessageCodecTests.randomRequest(&g)
            guard case .request(let request) = message.body, case .loadResource(let load) = request.kind else {
                Issue.record("not a load request"); continue
            }
            let written = writer.write(id: request.id, deadlineUnixNanos: request.deadlineUnixNanos, attempt: request.attempt, load: load)
            #expect(written)
            let bytes = writer.withBytes { Array($0) }
            #expect(bytes == (try message.serializedBytes() as [UInt8]), "\(message)")
            // The core's plain form of the body (what the session keeps) is the same load, and is written the same.
            let body = try #require(LoadMessageCodec.LoadRequest(load))
            #expect(body.loadResource == load)
            writer.write(id: request.id, deadlineUnixNanos: request.deadlineUnixNanos, attempt: request.attempt, load: body)
            #expect(writer.withBytes { Array($0) } == bytes)
            // It is what the loader's reader gives, but for the per-attempt fields the writer took apart.
            var read = try #require(bytes.withUnsafeBytes { LoadMessageCodec.decodeLoadRequest($0) })
            (read.id, read.deadlineUnixNanos, read.attempt) = (0, 0, 0)
            #expect(read == body)
        }
    }

    /// Lengths of 128 bytes and over (the URL, the load, the request) take two-byte prefixes.
    @Test func longRequestsAfterShortOnesAreWrittenAsSwiftProtobufDoes() throws {
        var writer = LoadRequestWriter()
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
            let written = writer.write(id: 42, deadlineUnixNanos: -1, attempt: 2, load: message.request.loadResource)
            #expect(written)
            let bytes = writer.withBytes { Array($0) }
            #expect(bytes == (try message.serializedBytes() as [UInt8]), "url of \(length) bytes")
        }
    }

    /// A load with unknown fields anywhere is declined: `OutgoingRequest.encoded()` gives it to swift-protobuf.
    @Test func unknownFieldsAreDeclined() throws {
        let unknown = try Mapwire_V1_TileId(serializedBytes: [0xA8, 0x01, 0x05] as [UInt8]).unknownFields  // field 21
        var load = Mapwire_V1_LoadResource.with { $0.sourceID = "s" }
        var writer = LoadRequestWriter()
        for place in 0..<3 {
            var damaged = load
            switch place {
            case 0: damaged.unknownFields = unknown
            case 1: damaged.request = .with { $0.url = "u"; $0.unknownFields = unknown }
            default: damaged.tileID = .with { $0.z = 1; $0.unknownFields = unknown }
            }
            let written = writer.write(id: 1, deadlineUnixNanos: 2, attempt: 1, load: damaged)
            #expect(!written, "unknown fields in place \(place)")
            #expect(LoadMessageCodec.LoadRequest(damaged) == nil, "unknown fields in place \(place)")
        }
        load.tileID = .with { $0.z = 1 }
        let written = writer.write(id: 1, deadlineUnixNanos: 2, attempt: 1, load: load)
        #expect(written)
    }
}

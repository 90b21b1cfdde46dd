import Foundation
import MapWireNumerics
import MapWireProtocol
import SwiftProtobuf
import Testing

/// The envelope's writer (EnvelopeWriter) and reader (DecodedEnvelope) against swift-protobuf: the same bytes out, the same messages in.
@Suite struct EnvelopeWriterReaderTests {
    /// One of every payload, some empty and some with every kind of field set.
    static let payloads: [Mapwire_V1_Envelope.OneOf_Payload] = [
        .mapLoaded(.init()), .mapIdle(.init()), .styleLoaded(.init()), .renderFrameStarted(.init()), .cameraChanged(.init()),
        .cameraIsChanging(.init()), .mapWillStartLoading(.init()), .willStartRenderingMap(.init()),
        .willStartLocatingUser(.init()), .didStopLocatingUser(.init()),
        .mapLoadingError(.with { $0.type = .tile; $0.message = "could not load tile ✗"; $0.sourceID = "v"; $0.tileID = .with { $0.z = 3; $0.x = 1; $0.y = 2 } }),
        .styleDataLoaded(.with { $0.type = .sprite }), .styleImageMissing(.with { $0.id = "marker" }),
        .styleImageRemoveUnused(.with { $0.id = "old" }),
        .sourceDataLoaded(.with { $0.id = "town"; $0.type = .tile; $0.loaded = false; $0.tileID = .with { $0.z = 14; $0.x = 8801; $0.y = 5374 } }),
        .sourceAdded(.with { $0.id = "a" }), .sourceRemoved(.with { $0.id = "b" }),
        .renderFrameFinished(.with { $0.renderMode = .full; $0.needsRepaint = true }),
        .resourceRequest(.with {
            $0.dataSource = .network
            $0.request = .with { $0.url = "mbtiles:///x/{z}"; $0.kind = .tile; $0.priority = .low; $0.loadingMethod = [.cache, .network] }
            $0.cancelled = true
        }),
        .cameraWillChange(.with { $0.animated = true }), .cameraDidChange(.init()), .gesture(.with { $0.kind = .pinch; $0.scale = 1.5 }),
        .viewportStatusChanged(.with { $0.to = .with { $0.state = "follow-puck" } }),
        .viewportTargetCamera(.with { $0.state = "overview"; $0.camera = .with { $0.longitude = -87.6; $0.zoom = 13 } }),
        .loadStatusChanged(.with { $0.target = "map"; $0.status = .failed; $0.error = "x" }),
        .mapDidFailLoading(.with { $0.error = "bad style" }), .didFinishRenderingMap(.with { $0.fullyRendered = true }),
        .userLocationUpdated(.with { $0.location = .with { $0.latitude = -33.9; $0.longitude = 151.2; $0.speed = 0; $0.timestampUnixNanos = -5 } }),
        .didFailToLocateUser(.with { $0.error = "gone" }), .trackingModeChanged(.with { $0.mode = .follow }),
        .pluginGone(.with { $0.pluginID = "loader-1"; $0.roles = ["loader"]; $0.reason = .heartbeatTimeout }),
        .pluginSupervision(.with { $0.plugin = "loader"; $0.action = .restarted }), .welcome(.with { $0.topicPrefix = "" }),
    ]

    static func envelope(_ payload: Mapwire_V1_Envelope.OneOf_Payload?, sequence: UInt64 = 42) -> Mapwire_V1_Envelope {
        .with {
            $0.protocolVersion = mapWireProtocolVersion
            $0.epoch = 0xDEAD_BEEF_0000_0001
            $0.sequence = sequence
            $0.beginUnixNanos = 1_790_000_000_123_456_789
            $0.endUnixNanos = 1_790_000_000_223_456_789
            $0.mapID = "map ü"
            $0.payload = payload
        }
    }

    /// The writer's bytes (and, checked there, the topic frame it sends with them).
    func written(_ e: Mapwire_V1_Envelope) -> [UInt8] { HotPayloadTests.written(e) }

    @Test func instantAndOpenTimesAreWrittenAsSwiftProtobufWritesThem() throws {
        // The core's events are instants (begin == end: the writer copies the first time's bytes); the
        // other shapes take the general path.
        let times: [(Int64, Int64)] = [(1_790_000_000_123_456_789, 1_790_000_000_123_456_789), (1, 1), (127, 127), (128, 128),
                                       (-1, -1), (0, 5), (5, 0), (0, 0), (1 << 62, 1)]
        for (begin, end) in times {
            for payload in [Self.payloads.first, nil] {
                var e = Self.envelope(payload)
                e.beginUnixNanos = begin
                e.endUnixNanos = end
                #expect(written(e) == (try e.serializedBytes()), "\(begin) \(end)")
            }
        }
        // One writer for many events, as the core keeps it: the header it keeps and the times it copies
        // stay right from event to event.
        var writer = EnvelopeWriter(protocolVersion: mapWireProtocolVersion, epoch: 42, mapID: "map ü")
        for (index, (begin, end)) in times.enumerated() {
            for payload in Self.payloads {
                let sequence = UInt64(index * 1000)
                writer.encode(sequence: sequence, beginUnixNanos: begin, endUnixNanos: end, payload: payload, benchmark: index % 2 == 0)
                let e = Mapwire_V1_Envelope.with {
                    $0.protocolVersion = mapWireProtocolVersion; $0.epoch = 42; $0.sequence = sequence
                    $0.beginUnixNanos = begin; $0.endUnixNanos = end; $0.mapID = "map ü"; $0.payload = payload
                    $0.benchmark = index % 2 == 0
                }
                #expect(writer.bytes == (try e.serializedBytes()), "\(payload.topic) \(begin) \(end)")
            }
        }
    }

    @Test func instantsAcrossSpansAndOtherShapesBetweenThemAreWrittenAsSwiftProtobufWritesThem() throws {
        // The writer keeps fields 4 to 6 of an instant and writes only the low 28 bits of the next one's
        // times while the higher bits stay: events 1 ms to 300 ms apart cross 2^28 ns spans, and an interval,
        // an early time or none in between must neither use the kept bytes nor spoil them.
        var writer = EnvelopeWriter(protocolVersion: mapWireProtocolVersion, epoch: 42, mapID: "map ü")
        var time: Int64 = (1_790_000_000 << 28) - 3_000_000
        var random = SeededRandom(seed: 28)
        for index in 0..<2000 {
            time += Int64(random.int(in: 1...300_000_000))
            var (begin, end) = (time, time)
            switch index % 7 {
            case 3: end = time + 5
            case 5: (begin, end) = (Int64(random.int(in: 0...(1 << 28))), 0)
            case 6: (begin, end) = (0, 0)
            default: break
            }
            let payload = Self.payloads[index % Self.payloads.count]
            writer.encode(sequence: UInt64(index), beginUnixNanos: begin, endUnixNanos: end, payload: payload)
            let e = Mapwire_V1_Envelope.with {
                $0.protocolVersion = mapWireProtocolVersion; $0.epoch = 42; $0.sequence = UInt64(index)
                $0.beginUnixNanos = begin; $0.endUnixNanos = end; $0.mapID = "map ü"; $0.payload = payload
            }
            #expect(writer.bytes == (try e.serializedBytes()), "event \(index): \(begin) \(end)")
        }
    }

    @Test func aNewMapIDIsWrittenEvenWhenTheTimeStays() throws {
        // The writer keeps fields 4 to 6 of an instant; a new map id (or one too long to keep) must still be
        // written.
        var writer = EnvelopeWriter()
        let time: Int64 = 1_790_000_000_123_456_789
        for mapID in ["a", "b", String(repeating: "long map id ", count: 8), "b", "", "a"] {
            for sequence in [1, 2] as [UInt64] {
                writer.encode(protocolVersion: 1, epoch: 7, sequence: sequence, beginUnixNanos: time, endUnixNanos: time, mapID: mapID,
                              payload: .cameraChanged(.init()))
                let e = Mapwire_V1_Envelope.with {
                    $0.protocolVersion = 1; $0.epoch = 7; $0.sequence = sequence; $0.beginUnixNanos = time; $0.endUnixNanos = time
                    $0.mapID = mapID; $0.payload = .cameraChanged(.init())
                }
                #expect(writer.bytes == (try e.serializedBytes()), "\(mapID) \(sequence)")
            }
        }
    }

    @Test func everyPayloadIsWrittenByteForByteAsSwiftProtobufWritesIt() throws {
        for payload in Self.payloads + [nil] {
            let e = Self.envelope(payload)
            let expected: [UInt8] = try e.serializedBytes()
            #expect(written(e) == expected, "\(payload?.topic ?? "no payload")")
        }
        // Defaults are left out, as proto3 does.
        let empty = Mapwire_V1_Envelope()
        #expect(written(empty) == (try empty.serializedBytes()))
        #expect(written(Self.envelope(nil, sequence: 0)) == (try Self.envelope(nil, sequence: 0).serializedBytes()))
    }

    @Test func everyPayloadReadsBackAsSwiftProtobufReadsIt() throws {
        for payload in Self.payloads {
            let bytes: [UInt8] = try Self.envelope(payload).serializedBytes()
            let read = try bytes.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == (try Mapwire_V1_Envelope(serializedBytes: bytes)), "\(payload.topic)")
            #expect(read == Self.envelope(payload))
        }
    }

    @Test func theBenchmarkMarkAndCausationAreWrittenAndReadAsSwiftProtobufDoes() throws {
        for payload in [Mapwire_V1_Envelope.OneOf_Payload.cameraChanged(.init()), nil] {
            var e = Self.envelope(payload)
            e.benchmark = true
            e.causationID = 0xFFFF_0000_1234
            var writer = EnvelopeWriter()
            writer.encode(protocolVersion: e.protocolVersion, epoch: e.epoch, sequence: e.sequence, beginUnixNanos: e.beginUnixNanos,
                          endUnixNanos: e.endUnixNanos, mapID: e.mapID, payload: e.payload, benchmark: true, causationID: e.causationID)
            let expected: [UInt8] = try e.serializedBytes()
            #expect(writer.bytes == expected)
            let read = try expected.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == e && read.benchmark && read.causationID == 0xFFFF_0000_1234)
        }
    }

    @Test func unusualInputFallsBackToTheFullDecoder() throws {
        var bytes: [UInt8] = try Self.envelope(.sourceAdded(.with { $0.id = "a" })).serializedBytes()
        // An unknown field from a newer core (99, length-delimited): kept as swift-protobuf keeps it.
        bytes += [0x9a, 0x06, 0x02, 0x08, 0x01]
        let read = try bytes.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
        #expect(read == (try Mapwire_V1_Envelope(serializedBytes: bytes)))
        // Truncated, bad UTF-8 in the map id, garbage: whatever the full decoder makes of them.
        let good: [UInt8] = try Self.envelope(.resourceRequest(.with { $0.cancelled = true })).serializedBytes()
        for bad in [Array(good.dropLast(3)), [0x32, 0x02, 0xff, 0xfe], [0xff, 0xff, 0xff], [0x0a], [0xea, 0x01, 0x05, 0x01]] {
            let full = try? Mapwire_V1_Envelope(serializedBytes: bad)
            let fast = try? bad.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(full == fast, "\(bad)")
        }
        #expect(throws: (any Error).self) { try [UInt8]([0xff, 0xff, 0xff]).withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() } }
    }
}

/// Found by the fuzz target: an empty-bodied payload that carries unknown fields (from a newer peer)
/// must be written with them, as swift-protobuf does.
@Suite struct EnvelopeWriterUnknownFieldsTests {
    @Test func anEmptyPayloadKeepsItsUnknownFields() throws {
        // Envelope field 16 (map_loaded) holding an unknown varint field 5 = 1.
        let bytes: [UInt8] = [0x18, 0x01, 0x82, 0x01, 0x02, 0x28, 0x01]
        let envelope = try Mapwire_V1_Envelope(serializedBytes: bytes)
        var writer = EnvelopeWriter()
        writer.encode(protocolVersion: 0, epoch: 0, sequence: envelope.sequence, beginUnixNanos: 0, endUnixNanos: 0, mapID: "",
                      payload: envelope.payload)
        #expect(writer.bytes == (try envelope.serializedBytes()))
        #expect(writer.bytes == bytes)
    }
}

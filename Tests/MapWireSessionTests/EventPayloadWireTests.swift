import Foundation
import MapEngine
import MapWireGeometry
import MapWireNumerics
import MapWireProtocol
import Testing
@testable import MapWireSession

/// The events the publisher writes from the engine's own values (EventPayload+Wire.swift) against
/// swift-protobuf writing `EventPayload.protobuf`, the message subscribers decode: the same topic and
/// envelope bytes over randomised values, and the same values back out of the bytes.
@Suite struct EventHotPayloadTests {
    static let rounds = 3000

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomEventsAreWrittenAsSwiftProtobufWritesThem(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        // One writer for every round, as the publisher keeps one: what an event leaves behind must not leak.
        var writer = EnvelopeWriter(protocolVersion: mapWireProtocolVersion, epoch: 42, mapID: "map ü")
        var lastNanos: Int64 = 0
        for round in 0..<Self.rounds {
            let payload = RandomEvent.any(&random)
            var header = RandomEvent.header(&random)
            // Half the events come soon after the last, as the core's do (the writer keeps the times' bytes
            // and writes only their low 28 bits while the higher ones stay); some cross a 2^28 ns boundary.
            if random.chance(0.5) { header.nanos = lastNanos &+ Int64(random.int(in: 0...(1 << 27))) }
            lastNanos = header.nanos
            let expected = try Self.expected(payload, header)
            let written = Self.written(payload, header, into: &writer)
            #expect(written.topic == Array(payload.protobuf.topic.utf8), "seed \(seed) round \(round)")
            #expect(written.envelope == expected, "seed \(seed) round \(round): \(payload)")
            if written.envelope != expected { return }
        }
    }

    @Test(arguments: [4, 5] as [UInt64])
    func theBytesDecodeToTheValuesWritten(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var writer = EnvelopeWriter(protocolVersion: mapWireProtocolVersion, epoch: 42, mapID: "map ü")
        for round in 0..<Self.rounds {
            let payload = RandomEvent.any(&random)
            let bytes = Self.written(payload, (1, 2, false, 0), into: &writer).envelope
            // Read back by swift-protobuf and by the subscribers' reader (DecodedEnvelope).
            let decoded = try Mapwire_V1_Envelope(serializedBytes: bytes)
            let read = try bytes.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == decoded, "seed \(seed) round \(round)")
            let back = try #require(decoded.payload.flatMap(Self.values), "seed \(seed) round \(round)")
            #expect(back == payload, "seed \(seed) round \(round)")
        }
    }

    @Test func edgeValuesAreWrittenAsSwiftProtobufWritesThem() throws {
        let long = String(repeating: "ü/x", count: 9000)  // 45,000 bytes: a three-byte length
        var full = ResourceResponse()
        full.noContent = true; full.notModified = true; full.mustRevalidate = true
        full.source = .tileStore; full.size = .max
        full.modified = ""; full.expires = long; full.etag = ""
        full.error = ResourceError(reason: .unspecified, message: "")
        let payloads: [EventPayload] = [
            .cameraChanged,
            // Everything at its default: only the (always set) request message.
            .resourceRequest(ResourceRequestEvent(dataSource: .unspecified, request: ResourceRequest(url: "", kind: .unknown, loadingMethod: []),
                                                  response: nil, cancelled: false)),
            .resourceRequest(ResourceRequestEvent(dataSource: .fileSystem, request: ResourceRequest(url: long, kind: .image, priority: .low,
                                                                                                     loadingMethod: Array(repeating: .network, count: 300)),
                                                  response: full, cancelled: true)),
            // A response with nothing set is still written (an empty message).
            .resourceRequest(ResourceRequestEvent(dataSource: .network, request: ResourceRequest(url: "x", kind: .tile),
                                                  response: ResourceResponse(), cancelled: false)),
            .mapLoadingError(MapLoadingError(kind: .style, message: "")),
            .mapLoadingError(MapLoadingError(kind: .glyphs, message: long, sourceID: "", tileID: CanonicalTileID(z: 0, x: 0, y: 0))),
            .mapLoadingError(MapLoadingError(kind: .tile, message: "m", sourceID: long,
                                             tileID: CanonicalTileID(z: Int(UInt32.max), x: Int(UInt32.max), y: 1 << 31))),
        ]
        var writer = EnvelopeWriter(protocolVersion: mapWireProtocolVersion, epoch: 42, mapID: "map ü")
        for payload in payloads {
            for header in [(0, 0, false, 0), (UInt64.max, Int64.min, true, UInt64.max), (1, Int64.max, false, 300)] as [RandomEvent.Header] {
                #expect(Self.written(payload, header, into: &writer).envelope == (try Self.expected(payload, header)), "\(payload)")
            }
        }
    }

    @Test func theMapsEventsKeepTheEnginesValuesAndTheOthersTheirMessage() {
        let request = ResourceRequestEvent(dataSource: .network, request: ResourceRequest(url: "u", kind: .tile), response: nil, cancelled: true)
        guard case .resourceRequest(let kept) = EventPayload(.resourceRequest(request)) else { Issue.record("not kept"); return }
        #expect(kept.value == request)
        guard case .cameraChanged = EventPayload(.cameraChanged) else { Issue.record("camera-changed"); return }
        guard case .message(let other) = EventPayload(.sourceAdded(id: "s")) else { Issue.record("source-added"); return }
        #expect(other == MapEvent.sourceAdded(id: "s").payload)
        #expect(EventPayload(.cameraChanged).topic == "camera-changed" && EventPayload(.resourceRequest(request)).topic == "resource-request")
    }

    // MARK: Helpers

    static func written(_ payload: EventPayload, _ h: RandomEvent.Header, into writer: inout EnvelopeWriter) -> (topic: [UInt8], envelope: [UInt8]) {
        var frames: ([UInt8], [UInt8]) = ([], [])
        payload.encode(into: &writer, sequence: h.sequence, unixNanos: h.nanos, benchmark: h.benchmark, causationID: h.causation) {
            frames = (Array($0), Array($1))
        }
        return frames
    }

    static func expected(_ payload: EventPayload, _ h: RandomEvent.Header) throws -> [UInt8] {
        try Mapwire_V1_Envelope.with {
            $0.protocolVersion = mapWireProtocolVersion
            $0.epoch = 42
            $0.sequence = h.sequence
            $0.beginUnixNanos = h.nanos
            $0.endUnixNanos = h.nanos
            $0.mapID = "map ü"
            $0.payload = payload.protobuf
            $0.benchmark = h.benchmark
            $0.causationID = h.causation
        }.serializedBytes()
    }

    /// A decoded payload back in the engine's values (the inverse of EngineTranslation's).
    static func values(_ payload: Mapwire_V1_Envelope.OneOf_Payload) -> EventPayload? {
        switch payload {
        case .cameraChanged: return .cameraChanged
        case .resourceRequest(let m):
            let kinds: [Mapwire_V1_ResourceKind: ResourceKind] = [.unknown: .unknown, .style: .style, .source: .source, .tile: .tile,
                                                                  .glyphs: .glyphs, .spriteImage: .spriteImage, .spriteJson: .spriteJson, .image: .image]
            guard let kind = kinds[m.request.kind] else { return nil }
            let methods = m.request.loadingMethod.map { $0 == .cache ? LoadingMethod.cache : .network }
            let request = ResourceRequest(url: m.request.url, kind: kind, priority: m.request.priority == .low ? .low : .regular,
                                          loadingMethod: methods)
            return .resourceRequest(ResourceRequestEvent(dataSource: DataSource(m.dataSource), request: request,
                                                         response: m.hasResponse ? ResourceResponse(m.response) : nil, cancelled: m.cancelled))
        case .mapLoadingError(let m):
            let kinds: [Mapwire_V1_MapLoadingError.TypeEnum: MapLoadingErrorKind] = [.style: .style, .sprite: .sprite, .source: .source,
                                                                                    .tile: .tile, .glyphs: .glyphs]
            guard let kind = kinds[m.type] else { return nil }
            return .mapLoadingError(MapLoadingError(kind: kind, message: m.message, sourceID: m.hasSourceID ? m.sourceID : nil,
                                                    tileID: m.hasTileID ? CanonicalTileID(z: Int(m.tileID.z), x: Int(m.tileID.x), y: Int(m.tileID.y)) : nil))
        default: return nil
        }
    }
}

/// Random events in the engine's values: every field set or not, strings empty, short, non-ASCII or
/// long enough for a two- or three-byte length.
enum RandomEvent {
    typealias Header = (sequence: UInt64, nanos: Int64, benchmark: Bool, causation: UInt64)

    static func any(_ r: inout SeededRandom) -> EventPayload {
        switch r.int(in: 0...4) {
        case 0: .cameraChanged
        case 1, 2: .resourceRequest(resourceRequest(&r))
        default: .mapLoadingError(mapLoadingError(&r))
        }
    }

    static func header(_ r: inout SeededRandom) -> Header {
        (r.chance(0.1) ? 0 : r.next() >> r.int(in: 0...63), r.chance(0.1) ? 0 : Int64(bitPattern: r.next()) >> r.int(in: 0...63),
         r.chance(0.5), r.chance(0.5) ? 0 : r.next() >> r.int(in: 0...63))
    }

    static func resourceRequest(_ r: inout SeededRandom) -> ResourceRequestEvent {
        let kinds: [ResourceKind] = [.unknown, .style, .source, .tile, .glyphs, .spriteImage, .spriteJson, .image]
        let request = ResourceRequest(url: string(&r), kind: kinds[r.int(in: 0...7)], priority: r.chance(0.5) ? .regular : .low,
                                      loadingMethod: (0..<r.int(in: 0...3)).map { _ in r.chance(0.5) ? .cache : .network })
        var response: ResourceResponse?
        if r.chance(0.7) {
            var s = ResourceResponse()
            s.noContent = r.chance(0.3); s.notModified = r.chance(0.3); s.mustRevalidate = r.chance(0.3)
            s.source = [.unspecified, .network, .cache, .tileStore, .localFile][r.int(in: 0...4)]
            s.size = r.chance(0.2) ? 0 : r.next() >> r.int(in: 0...63)
            s.modified = r.chance(0.5) ? string(&r) : nil
            s.expires = r.chance(0.5) ? string(&r) : nil
            s.etag = r.chance(0.5) ? string(&r) : nil
            if r.chance(0.4) {
                let reasons: [ErrorReason] = [.unspecified, .success, .notFound, .server, .connection, .rateLimit, .inOfflineMode, .other]
                s.error = ResourceError(reason: reasons[r.int(in: 0...7)], message: string(&r))
            }
            response = s
        }
        let sources: [DataSource] = [.unspecified, .resourceLoader, .network, .database, .asset, .fileSystem]
        return ResourceRequestEvent(dataSource: sources[r.int(in: 0...5)], request: request, response: response, cancelled: r.chance(0.2))
    }

    static func mapLoadingError(_ r: inout SeededRandom) -> MapLoadingError {
        let kinds: [MapLoadingErrorKind] = [.style, .sprite, .source, .tile, .glyphs]
        let tile = r.chance(0.5) ? CanonicalTileID(z: r.int(in: 0...30), x: Int(r.next() >> r.int(in: 32...63)), y: Int(r.next() >> r.int(in: 32...63))) : nil
        return MapLoadingError(kind: kinds[r.int(in: 0...4)], message: string(&r), sourceID: r.chance(0.5) ? string(&r) : nil, tileID: tile)
    }

    static func string(_ r: inout SeededRandom) -> String {
        switch r.int(in: 0...9) {
        case 0: ""
        case 1: String(repeating: "é", count: r.int(in: 60...70))  // about 128 bytes: the length's second byte
        case 2: String(repeating: "tile/", count: r.int(in: 20...4000))
        case 3: "https://ex.ample/ü/🗺️?" + String(r.next(), radix: 36)
        default: String((0..<r.int(in: 1...40)).map { _ in Character(Unicode.Scalar(UInt8(r.int(in: 32...126)))) })
        }
    }
}

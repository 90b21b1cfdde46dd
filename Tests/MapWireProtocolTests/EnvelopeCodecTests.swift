import Foundation
import MapWireProtocol
import SwiftProtobuf
import Testing

@Suite struct EnvelopeCodecTests {
    func sample() -> Mapwire_V1_Envelope {
        .with {
            $0.protocolVersion = mapWireProtocolVersion
            $0.epoch = 0xDEAD_BEEF_0000_0001
            $0.sequence = 42
            $0.beginUnixNanos = 1_700_000_000_123_456_789
            $0.endUnixNanos = 1_700_000_000_223_456_789
            $0.mapID = "map"
            $0.payload = .sourceDataLoaded(.with {
                $0.id = "town"
                $0.type = .tile
                $0.loaded = true
                $0.tileID = .with { $0.z = 14; $0.x = 8801; $0.y = 5374 }
            })
        }
    }

    @Test func encodeThenDecodeRoundTrips() throws {
        let frames = EnvelopeCodec.encode(sample())
        #expect(frames.count == 2)
        #expect(String(decoding: frames[0], as: UTF8.self) == "source-data-loaded")
        let (topic, envelope) = try EnvelopeCodec.decode(frames: frames)
        #expect(topic == "source-data-loaded")
        #expect(envelope == sample())
    }

    @Test func badMessagesGiveReadableErrors() throws {
        #expect(throws: EnvelopeDecodingError.wrongFrameCount(1)) { try EnvelopeCodec.decode(frames: [Data()]) }
        #expect(throws: EnvelopeDecodingError.self) { try EnvelopeCodec.decode(frames: [Data("x".utf8), Data([0xff, 0xff, 0xff])]) }
        let frames = EnvelopeCodec.encode(sample())
        #expect(throws: EnvelopeDecodingError.topicMismatch(topic: "map-idle", payload: "source-data-loaded")) {
            try EnvelopeCodec.decode(frames: [Data("map-idle".utf8), frames[1]])
        }
    }

    @Test func anEnvelopeFromANewerCoreWithAnUnknownPayloadDecodesWithoutOne() throws {
        var bytes: Data = try sample().serializedBytes()
        // Swap the payload for field 99 (a length-delimited field this version does not know).
        var envelope = sample()
        envelope.payload = nil
        bytes = try envelope.serializedBytes()
        bytes.append(contentsOf: [0x9a, 0x06, 0x02, 0x08, 0x01])
        let (_, decoded) = try EnvelopeCodec.decode(frames: [Data("future-event".utf8), bytes])
        #expect(decoded.payload == nil)
        #expect(decoded.sequence == 42)
        #expect(decoded.monitorJSON == nil)
    }

    @Test func everyPayloadHasItsDocumentedTopic() {
        let payloads: [Mapwire_V1_Envelope.OneOf_Payload] = [
            .mapLoaded(.init()), .mapLoadingError(.init()), .mapIdle(.init()), .styleDataLoaded(.init()), .styleLoaded(.init()),
            .styleImageMissing(.init()), .styleImageRemoveUnused(.init()), .sourceDataLoaded(.init()), .sourceAdded(.init()),
            .sourceRemoved(.init()), .renderFrameStarted(.init()), .renderFrameFinished(.init()), .cameraChanged(.init()),
            .resourceRequest(.init()), .cameraWillChange(.init()), .cameraIsChanging(.init()), .cameraDidChange(.init()),
            .mapWillStartLoading(.init()), .mapDidFailLoading(.init()), .willStartRenderingMap(.init()), .didFinishRenderingMap(.init()),
            .gesture(.init()),
            .viewportStatusChanged(.init()), .viewportTargetCamera(.init()),
            .loadStatusChanged(.init()),
            .willStartLocatingUser(.init()), .didStopLocatingUser(.init()), .userLocationUpdated(.init()),
            .didFailToLocateUser(.init()), .trackingModeChanged(.init()), .didChangeLocationManagerAuthorization(.init()),
            .styleWarning(.init()),
            .pluginGone(.init()), .pluginSupervision(.init()), .networkStatusChanged(.init()),
            .didAddAnnotationViews(.init()), .didSelectAnnotation(.init()), .didDeselectAnnotation(.init()),
            .tapOnCallout(.init()), .calloutAccessoryControlTapped(.init()),
        ]
        #expect(payloads.map(\.topic) == mapWireEventTopics)
        #expect(payloads.allSatisfy { $0.isMapEvent })
        #expect(!Mapwire_V1_Envelope.OneOf_Payload.welcome(.init()).isMapEvent)
    }

    @Test func controlMessagesRoundTripAndGarbageIsRejected() throws {
        let message = Mapwire_V1_ControlMessage.with {
            $0.command = .with { $0.id = 7; $0.setCamera = .with { $0.zoom = 3 } }
        }
        #expect(try ControlCodec.decode(ControlCodec.encode(message)) == message)
        #expect(throws: EnvelopeDecodingError.self) { try ControlCodec.decode(Data([0xff, 0x01])) }
    }
}

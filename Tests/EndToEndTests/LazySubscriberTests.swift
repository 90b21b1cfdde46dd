import Foundation
import MapWireClient
import MapWireProcess
import MapWireProtocol
import Testing

/// EventSubscriber.nextLazy against next, on a real core loading a real style: the same events in the
/// same order, the same headers, and, when asked, the same payloads.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LazySubscriberTests {
    @Test func aLazySubscriberSeesWhatADecodingOneSeesAndDecodesOnlyWhenAsked() throws {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        let (style, _) = try run.tiledStyle()
        let decoding = try run.subscribe()
        let lazy = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: decoding) { topic, _ in topic == "map-idle" })

        var events: [EventSubscriber.LazyEvent] = []
        let deadline = monotonicMillis() + 20_000
        while events.last?.topic != "map-idle", monotonicMillis() < deadline {
            if case .event(let event)? = try lazy.nextLazy(timeoutMilliseconds: 100) { events.append(event) }
        }
        #expect(events.map(\.topic) == log.topics)
        #expect(log.topics.contains("resource-request"), "the load made resource-request events: \(log.topics)")
        #expect(lazy.missedEvents == 0 && lazy.malformedMessages == 0 && lazy.receivedEvents == UInt64(events.count))
        for (event, (_, envelope)) in zip(events, log.events) {
            #expect(event.header.sequence == envelope.sequence && event.header.epoch == envelope.epoch)
            #expect(event.header.beginUnixNanos == envelope.beginUnixNanos && event.header.mapID == envelope.mapID)
            #expect(event.header.causationID == envelope.causationID && event.header.carriesMapEvent)
            #expect(lazy.decode(event) == envelope, "\(event.topic) #\(event.header.sequence)")
        }
    }

    @Test func aHeaderAndPayloadSubscriberSeesWhatADecodingOneSees() throws {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        let (style, _) = try run.tiledStyle()
        let decoding = try run.subscribe()
        let decoded = try run.subscribe()
        let lending = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: decoding) { topic, _ in topic == "map-idle" })

        var events: [(topic: String, DecodedEnvelope)] = []
        let deadline = monotonicMillis() + 20_000
        while events.last?.topic != "map-idle", monotonicMillis() < deadline {
            if case .event(let topic, let event)? = try decoded.nextDecoded(timeoutMilliseconds: 100) { events.append((topic, event)) }
        }
        #expect(events.map(\.topic) == log.topics)
        #expect(decoded.missedEvents == 0 && decoded.malformedMessages == 0 && decoded.receivedEvents == UInt64(events.count))
        for ((topic, event), (_, envelope)) in zip(events, log.events) {
            #expect(event.envelope() == envelope, "\(topic) #\(event.header.sequence)")
            #expect(event.payload == envelope.payload && event.header.sequence == envelope.sequence)
        }

        // withNextDecoded lends the same envelopes (copied here to compare them) and counts the same way.
        var lent: [(topic: String, Mapwire_V1_Envelope)] = []
        let lendingDeadline = monotonicMillis() + 20_000
        while lent.last?.topic != "map-idle", monotonicMillis() < lendingDeadline {
            _ = try lending.withNextDecoded(timeoutMilliseconds: 100) { topic, decoded in
                if let topic { lent.append((topic, decoded.envelope())) }
            }
        }
        #expect(lent.map(\.topic) == log.topics)
        #expect(lending.missedEvents == 0 && lending.malformedMessages == 0 && lending.receivedEvents == UInt64(lent.count))
        for ((topic, envelope), (_, expected)) in zip(lent, log.events) { #expect(envelope == expected, "\(topic)") }
    }
}

import Testing
@testable import MapWireRecording

/// Rates over the events' own times and the whole capture's span, sizes, gaps and latency percentiles,
/// with hand-made times.
struct TopicStatisticsTests {
    func envelope(seq: UInt64, at nanos: Int64, payload: Int) -> RawEnvelope {
        var e = RawEnvelope()
        e.epoch = 1; e.sequence = seq; e.beginUnixNanos = nanos; e.payloadField = 28
        e.payload = [UInt8](repeating: 0, count: payload)
        return e
    }

    @Test func ratesSizesAndLatency() throws {
        var stats = TopicStatistics(countsGaps: true)
        // 11 camera-changed events 100 ms apart (10 per second), received 1 ms to 11 ms late.
        for i in 0..<11 {
            stats.add(topic: "camera-changed", envelope: envelope(seq: UInt64(i + 1), at: Int64(i) * 100_000_000, payload: i),
                      wireBytes: 50, receivedUnixNanos: Int64(i) * 100_000_000 + Int64(i + 1) * 1_000_000)
        }
        stats.add(topic: "map-idle", envelope: envelope(seq: 15, at: 2_000_000_000, payload: 0), wireBytes: 40, receivedUnixNanos: 2_000_000_000)
        // The capture spans 2 s (its first event to the map-idle): 12 events, 11 intervals.
        let camera = try #require(stats.rows.first { $0.topic == "camera-changed" })
        #expect(camera.count == 11)
        #expect(abs((camera.eventsPerSecond ?? 0) - 11.0 * 11 / 12 / 2) < 1e-9)
        #expect(abs((camera.bytesPerSecond ?? 0) - 550.0 * 11 / 12 / 2) < 1e-9)
        #expect(camera.payloadMin == 0 && camera.payloadMax == 10 && camera.payloadMean == 5)
        #expect(camera.latencyP50Millis == 6 && camera.latencyP99Millis == 11)
        let idle = try #require(stats.rows.first { $0.topic == "map-idle" })
        #expect(abs((idle.eventsPerSecond ?? 0) - 1.0 * 11 / 12 / 2) < 1e-9, "one event in a 2 s capture")
        let all = try #require(stats.rows.last)
        #expect(all.topic == "all" && all.count == 12)
        #expect(abs((all.eventsPerSecond ?? 0) - 5.5) < 1e-9)
        #expect(abs((camera.eventsPerSecond ?? 0) + (idle.eventsPerSecond ?? 0) - (all.eventsPerSecond ?? 0)) < 1e-9)
        #expect(stats.gaps == 1 && stats.missed == 3)
        #expect(stats.json.serialized.contains("\"events-per-second\":5.5"))
    }

    /// Two events of a topic 0.45 ms apart in a 1 s capture of 4,400 events are about two a second:
    /// over its own span they read as some 2,200 a second.
    @Test func aRareTopicIsRatedOverTheWholeCapture() throws {
        var stats = TopicStatistics(countsGaps: false)
        for i in 0..<4_398 {
            stats.add(topic: "render-frame-started", envelope: envelope(seq: UInt64(i + 1), at: Int64(i) * 1_000_000_000 / 4_397, payload: 0),
                      wireBytes: 30, receivedUnixNanos: 0)
        }
        for nanos: Int64 in [500_000_000, 500_450_000] {
            stats.add(topic: "map-idle", envelope: envelope(seq: 0, at: nanos, payload: 0), wireBytes: 30, receivedUnixNanos: 0)
        }
        let idle = try #require(stats.rows.first { $0.topic == "map-idle" }?.eventsPerSecond)
        #expect(abs(idle - 2.0 * 4_399 / 4_400) < 1e-9)
        #expect(try #require(stats.rows.last?.eventsPerSecond) > 4_398)
    }

    @Test func oneEventHasNoRate() {
        var stats = TopicStatistics(countsGaps: false)
        stats.add(topic: "map-idle", envelope: envelope(seq: 1, at: 5, payload: 0), wireBytes: 30, receivedUnixNanos: 5)
        #expect(stats.rows.allSatisfy { $0.eventsPerSecond == nil && $0.bytesPerSecond == nil })
    }
}

import Testing
@testable import MapWireRecording

/// Rates over the events' own times, sizes, gaps and latency percentiles, with hand-made times.
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
        let camera = try #require(stats.rows.first { $0.topic == "camera-changed" })
        #expect(camera.count == 11)
        #expect(abs((camera.eventsPerSecond ?? 0) - 10) < 1e-9)
        #expect(abs((camera.bytesPerSecond ?? 0) - 500) < 1e-9)
        #expect(camera.payloadMin == 0 && camera.payloadMax == 10 && camera.payloadMean == 5)
        #expect(camera.latencyP50Millis == 6 && camera.latencyP99Millis == 11)
        let idle = try #require(stats.rows.first { $0.topic == "map-idle" })
        #expect(idle.eventsPerSecond == nil, "one event has no rate")
        #expect(stats.rows.last?.topic == "all" && stats.rows.last?.count == 12)
        #expect(stats.gaps == 1 && stats.missed == 3)
        #expect(stats.json.serialized.contains("\"events-per-second\":10"))
    }
}

import MapWireJSON

/// Per-topic rates, sizes and delivery latency, in the manner of `ros2 topic hz` and `bw` (a step
/// function: events and their receive times in, a table out). Rates run over the events' own times
/// (the envelope's begin time), so they are the rate the core published at, whatever the delay to here,
/// and every topic's over the same span, the whole capture's (its first event to its last, of any
/// topic): two events a topic published a moment apart in a minute's capture are two a minute, not
/// thousands a second, and the topics' rates add up to the "all" row's.
public struct TopicStatistics {
    struct Topic {
        var count = 0
        var wireBytes = 0
        var payloadMin = Int.max
        var payloadMax = 0
        var payloadTotal = 0
        var firstTime = Int64.max
        var lastTime = Int64.min
        var latencies: [Int64] = []
    }

    private var topics: [String: Topic] = [:]
    private var all = Topic()
    private var lastSequence: UInt64?
    private var epoch: UInt64?
    /// Whether every topic is watched: only then is a jump in the sequence a gap.
    private let countsGaps: Bool
    public private(set) var gaps = 0
    public private(set) var missed: UInt64 = 0

    public init(countsGaps: Bool) { self.countsGaps = countsGaps }

    public var eventCount: Int { all.count }

    public mutating func add(topic: String, envelope: RawEnvelope, wireBytes: Int, receivedUnixNanos: Int64) {
        if envelope.epoch != epoch { epoch = envelope.epoch; lastSequence = nil }
        if countsGaps, let last = lastSequence, envelope.sequence > last + 1 {
            gaps += 1
            missed += envelope.sequence - last - 1
        }
        lastSequence = envelope.sequence
        let latency = receivedUnixNanos - envelope.beginUnixNanos
        func update(_ t: inout Topic) {
            t.count += 1
            t.wireBytes += wireBytes
            t.payloadMin = min(t.payloadMin, envelope.payload.count)
            t.payloadMax = max(t.payloadMax, envelope.payload.count)
            t.payloadTotal += envelope.payload.count
            t.firstTime = min(t.firstTime, envelope.beginUnixNanos)
            t.lastTime = max(t.lastTime, envelope.beginUnixNanos)
            t.latencies.append(latency)
        }
        update(&topics[topic, default: Topic()])
        update(&all)
    }

    /// One row: a topic's figures (nil rates while fewer than two events or no time between them).
    public struct Row: Equatable {
        public var topic: String
        public var count: Int
        public var eventsPerSecond: Double?
        public var bytesPerSecond: Double?
        public var payloadMean: Double
        public var payloadMin: Int
        public var payloadMax: Int
        public var latencyP50Millis: Double
        public var latencyP99Millis: Double
    }

    /// Every topic by name, then "all" (every topic together).
    public var rows: [Row] {
        topics.keys.sorted().compactMap { name in topics[name].map { row(name, $0) } } + (all.count > 0 ? [row("all", all)] : [])
    }

    /// A topic's figures, its rates over the capture's span (nil while the capture has fewer than two
    /// events or no time between them).
    private func row(_ name: String, _ t: Topic) -> Row {
        let span = Double(all.lastTime - all.firstTime) / 1e9
        // n events span n-1 intervals: the capture's first event arrived as the span began, so each
        // topic counts (n-1)/n of its events (and bytes) over it, and the topics add up to "all".
        let share = all.count > 1 ? Double(all.count - 1) / Double(all.count) : 0
        let rate: Double? = all.count > 1 && span > 0 ? Double(t.count) * share / span : nil
        let bandwidth: Double? = rate.map { _ in Double(t.wireBytes) * share / span }
        let sorted = t.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)
            return Double(sorted[max(0, index)]) / 1e6
        }
        return Row(topic: name, count: t.count, eventsPerSecond: rate, bytesPerSecond: bandwidth,
                   payloadMean: t.count > 0 ? Double(t.payloadTotal) / Double(t.count) : 0,
                   payloadMin: t.count > 0 ? t.payloadMin : 0, payloadMax: t.payloadMax,
                   latencyP50Millis: percentile(0.5), latencyP99Millis: percentile(0.99))
    }

    /// `{"topics": [row…], "gaps", "missed"}`, keys in kebab case like every MapWire JSON.
    public var json: JSONValue {
        func number(_ v: Double?) -> JSONValue { v.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
        let list: [JSONValue] = rows.map { r in
            .object([
                JSONMember("topic", .string(r.topic)), JSONMember("count", .int(Int64(r.count))),
                JSONMember("events-per-second", number(r.eventsPerSecond)), JSONMember("bytes-per-second", number(r.bytesPerSecond)),
                JSONMember("payload-bytes", .object([
                    JSONMember("mean", number(r.payloadMean)), JSONMember("min", .int(Int64(r.payloadMin))), JSONMember("max", .int(Int64(r.payloadMax))),
                ])),
                JSONMember("latency-ms", .object([JSONMember("p50", number(r.latencyP50Millis)), JSONMember("p99", number(r.latencyP99Millis))])),
            ])
        }
        return .object([JSONMember("topics", .array(list)), JSONMember("gaps", .int(Int64(gaps))), JSONMember("missed", .uint(missed))])
    }

    /// A fixed-width table for a terminal.
    public var table: [String] {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        func f(_ v: Double?, _ digits: Int = 1) -> String {
            guard let v else { return "-" }
            let scale = Double([1, 10, 100, 1000][min(digits, 3)])
            let rounded = (v * scale).rounded() / scale
            return digits == 0 ? String(Int(rounded)) : String(rounded)
        }
        var lines = ["topic".padding(toLength: 28, withPad: " ", startingAt: 0) + pad("count", 9) + pad("events/s", 12) + pad("bytes/s", 13)
                     + pad("mean B", 9) + pad("min B", 7) + pad("max B", 8) + pad("p50 ms", 9) + pad("p99 ms", 9)]
        for r in rows {
            lines.append(r.topic.padding(toLength: 28, withPad: " ", startingAt: 0) + pad(String(r.count), 9) + pad(f(r.eventsPerSecond), 12)
                         + pad(f(r.bytesPerSecond, 0), 13) + pad(f(r.payloadMean), 9) + pad(String(r.payloadMin), 7) + pad(String(r.payloadMax), 8)
                         + pad(f(r.latencyP50Millis, 3), 9) + pad(f(r.latencyP99Millis, 3), 9))
        }
        if countsGaps { lines.append("gaps: \(gaps) (\(missed) events missed)") }
        return lines
    }
}

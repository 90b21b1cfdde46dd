import Foundation
import MapWireBus
import MapWireProcess
import MapWireRecording

/// `mapwire monitor --stats`: per topic, events/s, bytes/s, payload sizes, gaps and delivery latency,
/// printed once at the end (--count, --timeout, SIGINT) or, with --watch, every --interval seconds for
/// the events of that interval.
struct MonitorStats {
    let endpoint: String
    let prefixes: [String]
    let connection: CoreConnection
    let json: Bool
    let watch: Bool
    let intervalSeconds: Double
    let count: Int?
    let timeout: Double?
    let receiveHighWaterMark: Int32

    func run() throws {
        let subscriber = try RawEventSubscriber(endpoint: endpoint, prefixes: prefixes, receiveHighWaterMark: receiveHighWaterMark, curve: connection.curve)
        defer { subscriber.close() }
        let trap = SignalTrap()
        let countsGaps = prefixes == [""]
        var stats = TopicStatistics(countsGaps: countsGaps)
        var total = 0
        var announced = false
        let deadline = timeout.map { monotonicMillis() + Int64($0 * 1000) }
        let interval = Int64(intervalSeconds * 1000)
        var nextPrint = monotonicMillis() + interval
        while !trap.flag.isStopped {
            if let count, total >= count { break }
            let now = monotonicMillis()
            if let deadline, now >= deadline { break }
            if watch, now >= nextPrint {
                print(stats)
                stats = TopicStatistics(countsGaps: countsGaps)
                nextPrint = now + interval
            }
            switch try subscriber.next(timeoutMilliseconds: 100) {
            case .welcome?:
                if !announced { announced = true; MonitorCommand.warn("monitor: subscribed to \(endpoint)") }
            case .event(let e)?:
                stats.add(topic: e.topic, envelope: e.envelope, wireBytes: e.wireBytes, receivedUnixNanos: unixNanosNow())
                total += 1
            case nil: break
            }
        }
        if !watch || stats.eventCount > 0 { print(stats) }
    }

    private func print(_ stats: TopicStatistics) {
        if json { Output.line(stats.json.serialized) }
        else { stats.table.forEach(Output.line); if watch { Output.line("") } }
    }
}

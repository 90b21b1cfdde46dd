import Foundation
import MapWireMCAP
import MapWireProcess
import MapWireProtocol

/// `mapwire record` against the bus: events/s a recorder writes to MCAP without loss next to the events/s
/// the same core delivers to a decoding subscriber, and the bytes per event on disk with zstd and without
/// compression. The recorder is the real `mapwire record` process, stopped by its own --count.
struct RecordBenchmark {
    let scratch: URL
    let events: Int
    let repetitions: Int

    struct Run {
        var rate: Double
        var recorded: Int
        var fileBytes: Int
    }

    func run(map: BenchMap) throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "record", title: "Recording (mapwire record, MCAP)")
        for (kind, topic, bytes) in BusBenchmark.kinds {
            var subscriber: [Double] = [], zstd: [Run] = [], plain: [Run] = []
            var wire = bytes
            for _ in 0..<repetitions {
                let baseline = try BusBenchmark.mapwireThroughput(map: map, kind: kind, bytes: bytes, count: events, subscribers: 1)
                subscriber.append(baseline.subscriberRates.first ?? 0)
                wire = baseline.messageBytes
                zstd.append(try record(map: map, kind: kind, bytes: bytes, compression: .zstd))
                plain.append(try record(map: map, kind: kind, bytes: bytes, compression: .none))
            }
            let lost = (zstd + plain).reduce(0) { $0 + events - $1.recorded }
            section.figures.append(BenchFigure(
                key: "recorded-events-per-second.\(topic)", name: "events/s recorded to MCAP (zstd), \(topic) (\(wire) B)",
                value: Percentiles(zstd.map(\.rate)).median, unit: "events/s",
                baselineName: "the same core → 1 decoding subscriber", baseline: Percentiles(subscriber).median,
                note: lost > 0 ? "\(lost) events lost" : "no event lost"))
            section.figures.append(BenchFigure(
                key: "bytes-per-event.\(topic)", name: "bytes per event on disk with zstd, \(topic) (\(wire) B on the wire)",
                value: Percentiles(zstd.map { Double($0.fileBytes) / Double(max(1, $0.recorded)) }).median, unit: "B",
                baselineName: "without compression", baseline: Percentiles(plain.map { Double($0.fileBytes) / Double(max(1, $0.recorded)) }).median))
        }
        section.notes.append("\(events) events per run from bench-publish (as fast as the core publishes; at most 150,000, below the core's 200,000-event queue per subscriber, which a burst of its own length overruns by an event or two for any subscriber), median of \(repetitions) run(s); a recorder's rate runs from the receive time of its first event to its last (the MCAP log times). The file's bytes include its header, schemas (the events.proto descriptor set, about 8 KB, in the chunk and again in the summary) and indexes. bench-publish pads its events with repeated text, which zstd compresses better than real events' URLs and messages.")
        return section
    }

    private func record(map: BenchMap, kind: Mapwire_V1_BenchPublish.Kind, bytes: Int, compression: MCAPCompression) throws -> Run {
        let path = scratch.appendingPathComponent("bench-\(compression.rawValue).mcap").path
        let log = scratch.appendingPathComponent("bench-record.log").path
        try? FileManager.default.removeItem(atPath: log)
        let recorder = try ChildProcess(name: "record", executable: ChildProcess.sibling("mapwire"),
                                        arguments: ["record", "-o", path, "--run-dir", map.directory.path, "--count", String(events),
                                                    "--compression", compression.rawValue],
                                        standardError: .file(log))
        defer { recorder.stop() }
        // Its own word that it is subscribed: the core's subscriber count may still hold the last run's
        // subscriber, whose unsubscription is on its way.
        let deadline = Date().addingTimeInterval(10)
        while !(FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self).contains("record: subscribed") } ?? false) {
            guard Date() < deadline, recorder.isRunning else { throw BenchError("the recorder did not subscribe: \(recorder.exitDescription)") }
            usleep(5000)
        }
        _ = try map.client.run(.benchPublish(.with { $0.kind = kind; $0.count = UInt32(events); $0.bytes = UInt32(bytes) }),
                               timeoutMilliseconds: 300_000)
        if !recorder.waitForExit(timeout: 120) {
            // Events were lost: --count is never reached. SIGTERM closes the file with what came.
            recorder.signal(SIGTERM)
            recorder.waitForExit(timeout: 10)
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("the recorder wrote no \(path)") }
        let contents = try MCAPReader.read(Array(data))
        let times = contents.messages.map(\.logTime)
        let span = Double((times.last ?? 0) - (times.first ?? 0)) / 1e9
        try? FileManager.default.removeItem(atPath: path)
        return Run(rate: times.count > 1 && span > 0 ? Double(times.count - 1) / span : 0, recorded: times.count, fileBytes: data.count)
    }
}

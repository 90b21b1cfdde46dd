import Foundation
import MapWireProcess

/// The raw baseline's publisher: one `mapwire bench raw-peer publish` process kept for `runs` runs, as
/// the core is kept for all of its own. A process that has just published a burst waits longer for a CPU
/// in its next one than a new process does (the scheduler keeps what a task ran beyond its share across a
/// short sleep), so a new raw publisher per run would be favoured over the long-lived core.
final class RawPublisher {
    /// The line that ends a run's report on the child's standard output.
    private static let endOfRun = "sent-end"

    private let process: ChildProcess
    private let count: Int
    private let subscribers: Int
    private let endpoint: String
    /// What the child wrote and was not yet read as a whole run's report.
    private var unread = Data()

    /// `keepingFreedMemory`: glibc told to keep what is freed, as the core is, so that neither publisher's
    /// bursts fault their pages in (without it, each burst's queued messages do).
    init(endpoint: String, count: Int, topicBytes: Int, payloadBytes: Int, runs: Int, subscribers: Int = 1,
         keepingFreedMemory: Bool = false) throws {
        self.count = count
        self.subscribers = subscribers
        self.endpoint = endpoint
        process = try ChildProcess(name: "raw-pub", executable: ChildProcess.sibling("mapwire"), arguments: [
            "bench", "raw-peer", "publish", "--endpoint", endpoint, "--subscribers", "\(subscribers)", "--count", "\(count)",
            "--topic-bytes", "\(topicBytes)", "--payload-bytes", "\(payloadBytes)", "--runs", "\(runs)"]
            + (keepingFreedMemory ? ["--keep-freed-memory"] : []), standardOutput: .pipe)
    }

    func stop() { process.stop() }

    /// One run: as many new SUBs here as the process was started for, the burst, and what the publisher
    /// said about its loop.
    func run() throws -> RawZMQLoops.PublishRun {
        let received = RawZMQLoops.discardingSubscribers(endpoint: endpoint, count: subscribers, expected: count)
        let tallies = received()
        // Nothing came: the publisher may still be waiting for them, and would never report.
        guard tallies.contains(where: { $0.received > 0 }) else {
            stop()
            throw BenchError("the raw publisher's subscribers received nothing within 20 s")
        }
        return RawZMQLoops.PublishRun(tallies: tallies, publishing: try nextReport())
    }

    /// The child's report of one run (`RawZMQLoops.runPublisher`), read by `nextReport`: "name value…"
    /// lines, the loop's wall time, its thread's and the other threads' schedules, and its page faults.
    static func report(_ loop: PublishLoop) -> String {
        "sent-nanos \(loop.seconds * 1e9)\nsent-schedule \(loop.thread.running) \(loop.thread.waiting)\n"
            + "sent-io \(loop.otherThreads.running) \(loop.otherThreads.waiting)\nsent-faults \(loop.pageFaults)\n\(endOfRun)\n"
    }

    /// The next run's report from the child's standard output.
    private func nextReport() throws -> PublishLoop {
        let end = Data("\(Self.endOfRun)\n".utf8)
        var found = unread.range(of: end)
        while found == nil {
            guard let more = process.standardOutput?.availableData, !more.isEmpty else {
                throw BenchError("the raw publisher ended without reporting its run")
            }
            unread.append(more)
            found = unread.range(of: end)
        }
        let text = String(decoding: unread[..<found!.lowerBound], as: UTF8.self)
        unread = Data(unread[found!.upperBound...])
        let lines = Dictionary(text.split(separator: "\n").map { line in
            let words = line.split(separator: " ")
            return (String(words.first ?? ""), words.dropFirst().compactMap { Double($0) })
        }, uniquingKeysWith: { first, _ in first })
        func schedule(_ name: String) -> ThreadSchedule {
            guard let values = lines[name], values.count == 2 else { return ThreadSchedule() }
            return ThreadSchedule(running: values[0], waiting: values[1])
        }
        return PublishLoop(events: count, seconds: (lines["sent-nanos"]?.first ?? 0) / 1e9,
                           thread: schedule("sent-schedule"), otherThreads: schedule("sent-io"), pageFaults: lines["sent-faults"]?.first ?? 0)
    }
}

import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print the core's events as they come.",
        discussion: """
            --format json prints one object per line: {"seq", "time" (RFC 3339), "type" (the topic), "data" \
            (the documented data format)}. --stats prints per-topic rates, sizes and latency instead \
            (--watch: a table per --interval). A line 'monitor: subscribed to …' on standard error says the \
            subscription is live; gaps in the sequence (missed events) are reported there too.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var runDirectory: RunDirectoryOptions

    @OptionGroup var source: EventSourceOptions

    @Option(help: "Output format.")
    var format: Format = .text

    @Option(help: "Exit after this many events.")
    var count: Int?

    @Option(help: "Exit after this many seconds (with status 1 if --count events had not arrived).")
    var timeout: Double?

    @Flag(help: "On exit, print the totals (events received, missed in gaps, malformed) on standard error.")
    var summary = false

    @Option(help: "Events queued in this monitor before newer ones are dropped (counted as gaps).")
    var receiveHwm: Int32 = 1_000_000

    @Option(help: "Sleep this many ms after each event (simulates a slow subscriber; gaps then show).")
    var slowMs = 0

    @Flag(help: "Per topic: events/s, bytes/s, payload sizes, gaps, delivery latency p50/p99 (printed at exit).")
    var stats = false

    @Flag(help: "With --stats: print the figures of each --interval as it ends.")
    var watch = false

    @Option(help: "With --stats --watch: seconds per table.")
    var interval = 1.0

    func run() throws {
        let connection = try runDirectory.connection()
        let target = source.endpoint(of: connection)
        let countsGaps = source.prefixes.isEmpty
        if stats {
            return try MonitorStats(endpoint: target, prefixes: source.subscriptionPrefixes, connection: connection, json: format == .json,
                                    watch: watch, intervalSeconds: interval, count: count, timeout: timeout, receiveHighWaterMark: receiveHwm).run()
        }
        let subscriber = try EventSubscriber(endpoint: target, prefixes: source.subscriptionPrefixes,
                                             receiveHighWaterMark: receiveHwm, curve: connection.curve)
        let trap = SignalTrap()
        // The totals on the way out, whatever ends the run: what a reader of gaps needs to judge them.
        defer {
            if summary {
                Self.warn("monitor: \(subscriber.receivedEvents) events received, \(subscriber.missedEvents) missed in gaps, \(subscriber.malformedMessages) malformed")
            }
        }
        let deadline = timeout.map { monotonicMillis() + Int64($0 * 1000) }
        var printed = 0
        var reportedMissed: UInt64 = 0
        var announcedEpoch: UInt64?
        while !trap.flag.isStopped {
            if let count, printed >= count { return }
            if let deadline, monotonicMillis() >= deadline {
                if let count, printed < count {
                    Self.warn("monitor: timed out after \(printed) of \(count) events")
                    throw ExitCode(1)
                }
                return
            }
            guard let item = try subscriber.nextLazy(timeoutMilliseconds: 100) else { continue }
            switch item {
            case .welcome(let welcome):
                // Every subscriber joining later triggers a welcome too: only the first of each core
                // start (epoch) says that this monitor's subscription is live.
                guard welcome.epoch != announcedEpoch else { continue }
                announcedEpoch = welcome.epoch
                Self.warn("monitor: subscribed to \(target)")
            case .event(let event):
                // Only map events are printed: the control traffic ("command") is never decoded.
                guard event.header.carriesMapEvent, let envelope = subscriber.decode(event),
                      let line = format == .json ? envelope.monitorJSON?.serialized : Self.text(envelope) else { continue }
                Output.line(line)
                printed += 1
                if slowMs > 0 { usleep(UInt32(slowMs) * 1000) }
                if countsGaps, subscriber.missedEvents > reportedMissed {
                    Self.warn("monitor: gap: \(subscriber.missedEvents - reportedMissed) events missed before seq \(envelope.sequence)")
                    reportedMissed = subscriber.missedEvents
                }
            }
        }
    }

    /// `seq  time  topic  {data}`, the data in its documented JSON form.
    static func text(_ envelope: Mapwire_V1_Envelope) -> String? {
        guard let payload = envelope.payload, payload.isMapEvent else { return nil }
        let time = RFC3339.format(unixNanos: envelope.beginUnixNanos)
        let clock = time.dropFirst(11).dropLast()
        let seq = String(envelope.sequence)
        return String(repeating: " ", count: max(0, 7 - seq.count)) + seq + "  " + clock + "  "
            + payload.topic.padding(toLength: 26, withPad: " ", startingAt: 0) + payload.documentedJSON.serialized
    }

    static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

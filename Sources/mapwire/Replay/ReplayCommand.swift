import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireMCAP
import MapWireProcess
import MapWireRecording

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Publish a recording's events again, with their recorded timing, where a core's events socket would be.",
        discussion: """
            The replay binds the run directory's events socket and welcomes subscribers like a core, so \
            `mapwire monitor` sees the recorded session as it happened: the same topics, sequence numbers, \
            times and payloads, in the same order (a new epoch each time through). It has no control socket. \
            --inspect prints the file's topics, counts, time span and gaps instead. --drive sends the \
            commands of a recording made with `record --commands` to the live core of --run-dir at their \
            recorded times instead, printing one JSON line per command (ok now, and ok when recorded); it \
            exits 1 when an outcome differs.
            """)

    @Argument(help: "The MCAP file (from `mapwire record`).")
    var file: String

    @Option(help: "Play this many times faster (0.5: half speed).")
    var speed = 1.0

    @Flag(help: "Start again after the last event, until interrupted.")
    var loop = false

    @Option(name: .customLong("run-dir"), help: "The run directory to bind the events socket in (default as for the core).")
    var runDir: String?

    @Option(help: "Wait for this many subscribers before the first event.")
    var waitSubscribers = 0

    @Option(help: "With --wait-subscribers: give up after this many seconds.")
    var waitTimeout = 60.0

    @Flag(help: "Print the file's topics, counts, time span and gaps; publish nothing.")
    var inspect = false

    @Flag(help: "Send the recorded commands (record --commands) to the live core of --run-dir instead of publishing events.")
    var drive = false

    @Option(help: "With --inspect: text or json.")
    var format: MonitorCommand.Format = .text

    func validate() throws {
        guard speed > 0, speed.isFinite else { throw ValidationError("--speed must be a number above 0") }
        guard waitSubscribers >= 0 else { throw ValidationError("--wait-subscribers must be 0 or more") }
    }

    func run() throws {
        let contents = try Self.load(file)
        if inspect {
            let summary = RecordingSummary(contents)
            if format == .json { Output.line(summary.json.serialized) } else { summary.lines.forEach(Output.line) }
            return
        }
        let recorded = RecordedEvents(contents)
        if drive {
            guard !recorded.commands.isEmpty else { throw ValidationError("\(file) has no commands (record it with --commands)") }
            let client = try ControlClient(endpoint: RunDirectory.resolve(runDir).controlEndpoint)
            let differing = try ReplayDrive(commands: recorded.commands, client: client, speed: speed).run(trap: SignalTrap())
            MonitorCommand.warn("replay: \(recorded.commands.count) commands sent, \(differing) with another outcome than recorded")
            if differing > 0 { throw ExitCode(1) }
            return
        }
        if !recorded.skippedTopics.isEmpty {
            MonitorCommand.warn("replay: left out topics this build cannot publish: \(recorded.skippedTopics.sorted().joined(separator: ", "))")
        }
        let directory = RunDirectory.resolve(runDir)
        try directory.prepare()
        // Binding an ipc endpoint takes it over: never from a core that is running there.
        if ControlClient.coreAnswers(at: directory.controlEndpoint) {
            throw ValidationError("a core is running in \(directory.path); replay into another --run-dir")
        }
        let trap = SignalTrap()
        let publisher = try ReplayPublisher(endpoint: directory.eventsEndpoint, epoch: UInt64.random(in: 1...UInt64.max), mapID: recorded.mapID)
        defer {
            publisher.close()
            unlink(directory.path + "/events")
        }
        MonitorCommand.warn("replay: \(recorded.events.count) events on \(directory.eventsEndpoint)")
        let deadline = monotonicMillis() + Int64(waitTimeout * 1000)
        while publisher.subscribers < waitSubscribers {
            guard !trap.flag.isStopped else { return }
            guard monotonicMillis() < deadline else {
                MonitorCommand.warn("replay: \(publisher.subscribers) of \(waitSubscribers) subscribers after \(waitTimeout) s")
                throw ExitCode(1)
            }
            try publisher.serviceSubscriptions(milliseconds: 50)
        }
        repeat {
            try play(recorded.events, on: publisher, trap: trap)
            publisher.epoch = UInt64.random(in: 1...UInt64.max)
        } while loop && !trap.flag.isStopped
    }

    /// Publishes each event when it is due, welcoming subscribers in between.
    private func play(_ events: [RecordedEvents.Event], on publisher: ReplayPublisher, trap: SignalTrap) throws {
        let offsets = ReplaySchedule.offsets(publishTimes: events.map(\.publishTime), speed: speed)
        let start = DispatchTime.now().uptimeNanoseconds
        for (event, offset) in zip(events, offsets) {
            while true {
                if trap.flag.isStopped { return }
                let now = DispatchTime.now().uptimeNanoseconds - start
                guard now < offset else { break }
                try publisher.serviceSubscriptions(milliseconds: Int(min(100, (offset - now + 999_999) / 1_000_000)))
            }
            try publisher.serviceSubscriptions(milliseconds: 0)
            try publisher.publish(topic: event.topic, field: event.field, sequence: event.sequence,
                                  unixNanos: Int64(clamping: event.publishTime), payload: event.payload)
        }
    }

    static func load(_ path: String) throws -> MCAPReader.Contents {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
        do { return try MCAPReader.read(Array(data)) } catch { throw ValidationError("\(path): \(error)") }
    }
}

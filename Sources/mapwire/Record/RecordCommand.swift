import ArgumentParser
import Foundation
import MapWireMCAP
import MapWireProcess
import MapWireRecording

extension MCAPCompression: ExpressibleByArgument {}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the core's events to an MCAP file (protobuf schemas inside: Foxglove and the mcap tools read it).",
        discussion: """
            One channel per topic, one message per event (its payload as published; the envelope's sequence \
            and begin time as the message's sequence and publish time; the receive time as its log time). \
            Gaps in the sequence and core restarts are Metadata records. Chunks are written at least once a \
            second, so a recording that is killed is readable up to its last whole chunk; SIGINT or SIGTERM \
            close it cleanly with its summary, after recording every event the core had published by then \
            (it asks the core for its last sequence number and reads up to it; what never arrives is counted \
            as missed). A line 'record: subscribed to …' on standard error says the subscription is live. A \
            recording file that is deleted or replaced while it is written stops the recording with exit 1.
            """)

    @Option(name: [.short, .customLong("output")], help: "The MCAP file to write.")
    var output: String

    @OptionGroup var runDirectory: RunDirectoryOptions

    @OptionGroup var source: EventSourceOptions

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: "Stop after this many events.")
    var count: Int?

    @Flag(help: "Also record the commands the core receives and its replies (topics command, command-reply), for `replay --drive`.")
    var commands = false

    @Option(help: "Chunk compression: zstd, lz4 (not in this build) or none.")
    var compression: MCAPCompression = .zstd

    @Option(help: "Uncompressed bytes per chunk.")
    var chunkBytes = 1 << 20

    @Option(help: "Events queued in this recorder before newer ones are dropped (recorded as gaps).")
    var receiveHwm: Int32 = 1_000_000

    func validate() throws {
        guard compression.isAvailable else { throw ValidationError("--compression lz4: this build has no LZ4 library; use zstd or none") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be more than 0 seconds") }
        guard chunkBytes >= 1024 else { throw ValidationError("--chunk-bytes must be at least 1024") }
    }

    func run() throws {
        // From the start: a SIGINT before the first event still closes the file cleanly.
        let trap = SignalTrap()
        let connection = try runDirectory.connection()
        let target = source.endpoint(of: connection)
        let prefixes = source.prefixes
        // Subscribing to "command" itself is what turns the core's command tap on.
        let subscriber = try RawEventSubscriber(endpoint: target, prefixes: source.subscriptionPrefixes + (commands ? ["command"] : []),
                                                receiveHighWaterMark: receiveHwm, curve: connection.curve)
        defer { subscriber.close() }
        let file: RecordingFile
        do { file = try RecordingFile(path: output) } catch { throw ValidationError("\(error)") }
        defer { file.close() }
        var recorder = try BusRecorder(compression: compression, chunkSize: chunkBytes, countsGaps: prefixes.isEmpty, recordsCommands: commands)
        try file.write(recorder.takeOutput())

        let start = monotonicMillis()
        let deadline = duration.map { start + Int64($0 * 1000) }
        var nextChunkClose = start + 1000
        var announced = false
        var stopReason = "signal"
        while true {
            if trap.flag.isStopped { break }
            let now = monotonicMillis()
            if let deadline, now >= deadline { stopReason = "duration"; break }
            if let count, recorder.recorded >= UInt64(count) { stopReason = "count"; break }
            if now >= nextChunkClose {
                // At least one chunk a second: what a kill can lose.
                try recorder.closeChunk()
                nextChunkClose = now + 1000
                // Writes to a deleted file succeed: without this the recording would end "fine" with nothing kept.
                if let why = file.missing() {
                    MonitorCommand.warn("record: \(output) can no longer be written: \(why); stopping (\(recorder.recorded) events were recorded into it)")
                    throw ExitCode(1)
                }
            }
            let wait = min(100, max(0, Int(min(deadline ?? .max, nextChunkClose) - now)))
            switch try subscriber.next(timeoutMilliseconds: wait) {
            case .welcome?:
                if !announced {
                    announced = true
                    MonitorCommand.warn("record: subscribed to \(target)")
                }
            case .event(let event)?:
                try recorder.record(event.envelope, receivedUnixNanos: unixNanosNow())
            case nil:
                break
            }
            let bytes = recorder.takeOutput()
            if !bytes.isEmpty { try file.write(bytes) }
        }
        if stopReason == "signal" {
            try RecordingDrain(connection: connection, countsGaps: prefixes.isEmpty).run(subscriber, into: &recorder, file: file)
        }
        if let why = file.missing() {
            MonitorCommand.warn("record: \(output) can no longer be written: \(why); \(recorder.recorded) events were recorded into it and are gone")
            throw ExitCode(1)
        }
        recorder.note("recording-end", ["reason": stopReason, "recorded": String(recorder.recorded), "missed": String(recorder.missed)])
        try recorder.finish()
        try file.write(recorder.takeOutput())
        let topics = recorder.statistics.channelCount
        let commandNote = commands ? ", \(recorder.commands) commands and replies" : ""
        let missedNote = prefixes.isEmpty ? "\(recorder.missed) missed in gaps" : "missed events not counted (only some topics recorded)"
        MonitorCommand.warn("record: \(recorder.recorded) events on \(topics) topics\(commandNote), \(missedNote)\(subscriber.malformed > 0 ? ", \(subscriber.malformed) malformed" : ""), \(file.bytesWritten) bytes written to \(output)")
    }
}

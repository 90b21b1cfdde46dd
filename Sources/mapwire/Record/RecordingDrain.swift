import Foundation
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireRecording

/// What `mapwire record` does after SIGINT or SIGTERM, before it writes its summary: records every event
/// the core had published by then. It asks the core for the sequence number of its last event (a ping)
/// and reads until that event is in: a burst just before the signal may still be queued by the
/// thousand in this process and in the core's socket. Events that never come (dropped at a high-water
/// mark) are counted as missed, so the summary's count is true. Without an answer from the core (a
/// replay's events socket has no core behind it) or with a --filter (the last event may be of another
/// topic), it reads until the bus has been quiet for `quietMillis`.
struct RecordingDrain {
    let connection: CoreConnection
    /// Whether every topic is recorded: only then can the core's last sequence be waited for.
    let countsGaps: Bool
    /// No event for this long: nothing more is coming.
    var quietMillis: Int64 = 1_000
    /// However long the queue, the drain ends after this.
    var limitMillis: Int64 = 60_000

    func run(_ subscriber: RawEventSubscriber, into recorder: inout BusRecorder, file: RecordingFile) throws {
        let target = countsGaps ? lastPublished() : nil
        let started = monotonicMillis()
        var lastEvent = started
        while monotonicMillis() - started < limitMillis, monotonicMillis() - lastEvent < quietMillis {
            if let target, let last = recorder.lastRecorded, last.epoch == target.epoch, last.sequence >= target.sequence { break }
            guard case .event(let event)? = try subscriber.next(timeoutMilliseconds: 50) else { continue }
            lastEvent = monotonicMillis()
            try recorder.record(event.envelope, receivedUnixNanos: unixNanosNow())
            let bytes = recorder.takeOutput()
            if !bytes.isEmpty { try file.write(bytes) }
        }
        if let target { recorder.missedAtTheEnd(epoch: target.epoch, lastPublished: target.sequence) }
    }

    /// The core's epoch and last sequence, or nil when no core answers within a second.
    private func lastPublished() -> (epoch: UInt64, sequence: UInt64)? {
        guard let client = try? ControlClient(endpoint: connection.controlEndpoint, curve: connection.curve),
              let pong = try? client.run(.ping(.init()), timeoutMilliseconds: 1000).pong else { return nil }
        return (pong.epoch, pong.lastSequence)
    }
}

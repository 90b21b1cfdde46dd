import Foundation
import MapWireClient
import MapWireJSON
import MapWireProcess
import MapWireProtocol
import MapWireRecording

/// `replay --drive`: sends a recording's commands to a live core at their recorded times (÷ speed),
/// one after the other, and prints per command what the core answered against what it answered when
/// it was recorded: a bug report's steps, played again.
struct ReplayDrive {
    let commands: [RecordedEvents.Command]
    let client: ControlClient
    let speed: Double

    /// The number of commands whose outcome (ok or not) differed from the recording's.
    func run(trap: SignalTrap) throws -> Int {
        let offsets = ReplaySchedule.offsets(publishTimes: commands.map(\.publishTime), speed: speed)
        let start = monotonicMillis()
        var differing = 0
        for (command, offset) in zip(commands, offsets) {
            while !trap.flag.isStopped, monotonicMillis() - start < Int64(offset / 1_000_000) { usleep(2000) }
            if trap.flag.isStopped { break }
            guard let kind = command.message.command.kind else { continue }
            let outcome: (ok: Bool, error: String)
            do {
                let reply = try client.send(kind, timeoutMilliseconds: 60_000)
                outcome = (reply.ok, reply.error)
            } catch {
                outcome = (false, "\(error)")
            }
            let recordedOK = command.recordedReply?.ok
            if let recordedOK, recordedOK != outcome.ok { differing += 1 }
            Output.line(JSONValue.object([
                JSONMember("at-ms", .number(Double(offset) / 1e6)),
                JSONMember("command", .string(Self.name(kind))),
                JSONMember("ok", .bool(outcome.ok)),
                JSONMember("error", outcome.error.isEmpty ? .null : .string(outcome.error)),
                JSONMember("recorded-ok", recordedOK.map { .bool($0) } ?? .null),
            ]).serialized)
        }
        return differing
    }

    /// The command's case name, e.g. setCamera.
    static func name(_ kind: Mapwire_V1_Command.OneOf_Kind) -> String {
        let text = String(describing: kind)
        return String(text.prefix { $0 != "(" })
    }
}

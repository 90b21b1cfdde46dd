import Foundation
import MapWireProtocol

/// A large set-style-json is parsed off the loop, so pings and events keep flowing while it parses: the
/// session hands the JSON out (`.parseStyle`) and takes the result back as an input (`.styleParsed`). At most
/// one parse is waited for: a newer style supersedes it, and its result is dropped when it comes.
struct StyleParses {
    /// The command waiting for its parse.
    struct Waiter: Equatable {
        let job: UInt64
        let commandID: UInt64
        let identity: Data
    }

    /// From this many bytes of JSON, a style is parsed off the loop.
    let offLoopBytes: Int
    private(set) var waiting: Waiter?
    private var lastJob: UInt64 = 0

    init(offLoopBytes: Int) { self.offLoopBytes = offLoopBytes }

    /// Whether this set-style-json is large enough to be parsed off the loop.
    func parsesOffLoop(_ command: Mapwire_V1_SetStyleJson) -> Bool { command.json.utf8.count >= offLoopBytes }

    /// Starts a parse for the command: the job for the shell, and the command it supersedes (to refuse).
    mutating func start(_ command: Mapwire_V1_SetStyleJson, commandID: UInt64, from identity: Data) -> (job: StyleParseJob, superseded: Waiter?) {
        let superseded = supersede()
        lastJob += 1
        waiting = Waiter(job: lastJob, commandID: commandID, identity: identity)
        return (StyleParseJob(id: lastJob, json: command.json, baseURL: command.baseURL.isEmpty ? nil : command.baseURL), superseded)
    }

    /// A parse came back: the command it answers, or nil when a newer style superseded it.
    mutating func finished(job: UInt64) -> Waiter? {
        guard let waiter = waiting, waiter.job == job else { return nil }
        waiting = nil
        return waiter
    }

    /// Another style was set: the command whose parse is superseded, if one is waiting.
    mutating func supersede() -> Waiter? {
        defer { waiting = nil }
        return waiting
    }
}

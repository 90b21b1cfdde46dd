import Foundation
import MapEngine
import MapWireProtocol

/// A large set-style-json is parsed off the loop, so pings and events keep flowing while it parses: the
/// session hands the JSON out (`.parseStyle`), keeps answering and publishing, and takes the result as an
/// input (`.styleParsed`).
/// The command is answered then, as a small one is at once. A newer style supersedes a parse in flight.
extension CoreSession {
    /// The set-style-json waiting for its parse.
    struct StyleParseWaiter {
        let job: UInt64
        let commandID: UInt64
        let identity: Data
    }

    /// Whether this set-style-json is large enough to be parsed off the loop.
    func parsesOffLoop(_ command: Mapwire_V1_SetStyleJson) -> Bool {
        command.json.utf8.count >= configuration.styleParseOffLoopBytes
    }

    func startStyleParse(_ command: Mapwire_V1_SetStyleJson, commandID: UInt64, from identity: Data) {
        supersedeStyleParse()
        diagnostics.styleURI = ""
        onMap { $0.beginStyleParse() }
        nextStyleParseJob += 1
        styleParse = StyleParseWaiter(job: nextStyleParseJob, commandID: commandID, identity: identity)
        // What the load publishes until its map-idle answers this command.
        causation.styleParsed(commandID)
        outputs.append(.parseStyle(StyleParseJob(id: nextStyleParseJob, json: command.json,
                                                 baseURL: command.baseURL.isEmpty ? nil : command.baseURL)))
    }

    /// A parse came back: the load goes on and the command is answered. A superseded one is dropped.
    func styleParsed(job: UInt64, _ result: Result<StyleDocument, StyleError>) {
        guard let waiter = styleParse, waiter.job == job else { return }
        styleParse = nil
        causation.begin(waiter.commandID)
        defer { causation.end() }
        do {
            try onMap { try $0.styleParsed(result) }
            replyToCommand(waiter.commandID, error: nil, to: waiter.identity)
            causation.styleParsed(map.loadPhase == .failed ? 0 : waiter.commandID)
        } catch {
            causation.styleParsed(0)
            replyToCommand(waiter.commandID, error: (error as? MapCommandError) ?? MapCommandError("\(error)"), to: waiter.identity)
        }
    }

    /// Another style was set while one was parsing: the parsing one is refused and its result dropped.
    func supersedeStyleParse() {
        guard let waiter = styleParse else { return }
        styleParse = nil
        replyToCommand(waiter.commandID, error: MapCommandError("a newer style was set before this one was parsed",
                                                                reason: .refusedInState), to: waiter.identity)
    }
}

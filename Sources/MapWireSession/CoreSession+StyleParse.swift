import Foundation
import MapEngine
import MapWireProtocol

/// The session's side of a large set-style-json parsed off the loop (StyleParses): the map told the load
/// has begun, and the command answered when the parse comes back, as a small one is at once.
extension CoreSession {
    func startStyleParse(_ command: Mapwire_V1_SetStyleJson, commandID: UInt64, from identity: Data) {
        let (job, superseded) = styleParses.start(command, commandID: commandID, from: identity)
        refuseSuperseded(superseded)
        diagnostics.styleURI = ""
        onMap { $0.beginStyleParse() }
        // What the load publishes until its map-idle answers this command.
        causation.styleParsed(commandID)
        outputs.append(.parseStyle(job))
    }

    /// A parse came back: the load goes on and the command is answered. A superseded one is dropped.
    func styleParsed(job: UInt64, _ result: Result<StyleDocument, StyleError>) {
        guard let waiter = styleParses.finished(job: job) else { return }
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
    func supersedeStyleParse() { refuseSuperseded(styleParses.supersede()) }

    private func refuseSuperseded(_ waiter: StyleParses.Waiter?) {
        guard let waiter else { return }
        replyToCommand(waiter.commandID, error: MapCommandError("a newer style was set before this one was parsed",
                                                                reason: .refusedInState), to: waiter.identity)
    }
}

import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the load status of the map and of each source (needs the loadstatus plugin).",
        discussion: """
            Statuses: not-loaded, loading, loaded, failed (with the error). --format json prints one \
            object per line: {"target", "status", "error"?}. --watch keeps going as load-status-changed \
            events arrive: in a terminal the text view is redrawn in place, one line per target; otherwise \
            (and in json) each change is one more line.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var runDirectory: RunDirectoryOptions

    @Option(help: "Output format.")
    var format: Format = .text

    @Flag(help: "Keep printing changes until interrupted.")
    var watch = false

    @Option(help: "With --watch: exit after this many seconds.")
    var timeout: Double?

    func run() throws {
        let dir = RunDirectory.resolve(runDirectory.path)
        // Subscribe before asking, so no change falls between the answer and the first event.
        let subscriber = watch ? try EventSubscriber(endpoint: dir.eventsEndpoint, prefixes: ["load-status-changed", "source-removed"]) : nil
        if let subscriber { _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 5000) }
        let client = try ControlClient(endpoint: dir.controlEndpoint)
        let reply: Mapwire_V1_CommandReply
        do { reply = try client.run(.getLoadStatus(.init())) } catch { throw ValidationError("status: \(error)") }
        var view = StatusView(statuses: reply.loadStatus.statuses, live: format == .text && watch && isatty(STDOUT_FILENO) == 1)
        for line in format == .json ? view.jsonLines : view.textLines { Output.line(line) }
        guard let subscriber else { return }
        try follow(subscriber, view: &view)
    }

    private func follow(_ subscriber: EventSubscriber, view: inout StatusView) throws {
        let trap = SignalTrap()
        let deadline = timeout.map { monotonicMillis() + Int64($0 * 1000) }
        while !trap.flag.isStopped {
            if let deadline, monotonicMillis() >= deadline { return }
            guard case .event(_, let envelope)? = try subscriber.next(timeoutMilliseconds: 100) else { continue }
            switch envelope.payload {
            case .loadStatusChanged(let change):
                let before = view.lineCount
                view.update(change)
                if format == .json { Output.line(change.documentedJSON.serialized) }
                else if view.live { view.redraw(replacing: before) }
                else { Output.line(StatusView.text(change)) }
            case .sourceRemoved(let removed):
                let before = view.lineCount
                // Only the live view shows sources as a table; appended output has nothing to take back.
                if view.remove(removed.id), view.live { view.redraw(replacing: before) }
            default:
                continue
            }
        }
    }
}

/// The current statuses, one line per target ("map" first), and how to draw them.
struct StatusView {
    private(set) var statuses: [Mapwire_V1_LoadStatusChanged]
    /// Redraw in place (a terminal) rather than append.
    let live: Bool

    init(statuses: [Mapwire_V1_LoadStatusChanged], live: Bool) {
        self.statuses = statuses
        self.live = live
    }

    var lineCount: Int { statuses.count }
    var textLines: [String] { statuses.map(Self.text) }
    var jsonLines: [String] { statuses.map(\.documentedJSON.serialized) }

    mutating func update(_ change: Mapwire_V1_LoadStatusChanged) {
        if let index = statuses.firstIndex(where: { $0.target == change.target }) { statuses[index] = change }
        else { statuses.append(change) }
    }

    mutating func remove(_ target: String) -> Bool {
        guard target != Mapwire_V1_LoadStatusChanged.mapTarget, let index = statuses.firstIndex(where: { $0.target == target }) else { return false }
        statuses.remove(at: index)
        return true
    }

    /// ANSI: cursor up over the previous drawing, clear to the end of the screen, draw again.
    func redraw(replacing previousLines: Int) {
        let up = previousLines > 0 ? "\u{1B}[\(previousLines)A" : ""
        FileHandle.standardOutput.write(Data((up + "\r\u{1B}[J" + textLines.map { $0 + "\n" }.joined()).utf8))
    }

    /// `target  status  error`.
    static func text(_ status: Mapwire_V1_LoadStatusChanged) -> String {
        let line = status.target.padding(toLength: max(16, status.target.count + 2), withPad: " ", startingAt: 0)
            + status.status.documentedName
        return status.hasError ? line + "  " + status.error : line
    }
}

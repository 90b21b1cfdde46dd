import Foundation
import MapEngine
import MapWireCore
import MapWireProtocol
import MapWireSession

/// The benchmark commands around the core's shell (`mapwire-core-bench`): bench-publish publishes real
/// events through the core's own publisher, bench-requests asks the loaders through the session's request
/// path (PROTOCOL.md 7.3). The session never sees these commands. Its state is touched only on the core's
/// loop thread, one access at a time: no dynamic exclusivity checks (`@exclusivity(unchecked)`).
public final class BenchCommands: CoreShellExtension {
    /// Commands taken since the last run, with their senders.
    @exclusivity(unchecked) private var taken: [(command: Mapwire_V1_Command, from: Data)] = []
    /// Requests that ended since the last run.
    @exclusivity(unchecked) private var ended: [ShellRequestFinished] = []
    /// The bench-requests run going, and who asked for it. Changed in place: a copy would copy its round trips.
    @exclusivity(unchecked) private var requests: BenchRequestRun?
    @exclusivity(unchecked) private var requestsClient = Data()

    public init() {}

    public func take(_ message: IncomingControl, from identity: Data) -> Bool {
        guard case .message(let message, _) = message, case .command(let command) = message.body else { return false }
        switch command.kind {
        case .benchPublish, .benchRequests:
            taken.append((command, identity))
            return true
        default:
            return false
        }
    }

    public func finished(_ request: ShellRequestFinished) {
        ended.append(request)
    }

    public func run(_ core: any CoreShell) {
        if !taken.isEmpty { startTaken(core) }
        guard requests != nil, !ended.isEmpty || requests?.sent == 0 else { return }
        for outcome in ended { requests?.finished(outcome) }
        ended.removeAll(keepingCapacity: true)
        let next = requests?.nextRequests(loaderRegistered: core.session.hasPlugin(role: PluginRole.loader)) ?? []
        if let run = requests, run.isFinished {
            requests = nil
            return core.reply(run.reply, to: requestsClient)
        }
        if !next.isEmpty { core.submit(next) }
    }

    private func startTaken(_ core: any CoreShell) {
        let commands = taken
        taken.removeAll()
        for (command, client) in commands {
            switch command.kind {
            case .benchPublish(let c): publish(c, commandID: command.id, client: client, core)
            case .benchRequests(let c): startRequests(c, commandID: command.id, client: client, core)
            default: break
            }
        }
    }

    /// Publishes the events as fast as the core can and replies with the time it took.
    private func publish(_ command: Mapwire_V1_BenchPublish, commandID: UInt64, client: Data, _ core: any CoreShell) {
        let job: BenchPublish
        do throws(MapCommandError) {
            job = try BenchPublish(command, commandID: commandID, mapID: core.mapID) { core.session.reserveSequences($0) }
        } catch { return core.reply(error.reply(to: commandID), to: client) }
        let start = DispatchTime.now().uptimeNanoseconds
        for offset in 0..<UInt64(job.count) {
            core.publish(job.payload, sequence: job.firstSequence + offset, causationID: commandID, benchmark: true)
        }
        core.reply(job.reply(elapsedNanos: DispatchTime.now().uptimeNanoseconds - start), to: client)
    }

    private func startRequests(_ command: Mapwire_V1_BenchRequests, commandID: UInt64, client: Data, _ core: any CoreShell) {
        guard requests == nil else {
            return core.reply(MapCommandError("a bench-requests run is already going", reason: .busy).reply(to: commandID), to: client)
        }
        do throws(MapCommandError) {
            // Its first requests go out when the extension next runs, right after this.
            requests = try BenchRequestRun(command, commandID: commandID,
                                           loaderRegistered: core.session.hasPlugin(role: PluginRole.loader))
            requestsClient = client
        } catch { core.reply(error.reply(to: commandID), to: client) }
    }
}

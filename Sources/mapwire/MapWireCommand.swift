import ArgumentParser
import Foundation
import MapWireBus

@main
struct MapWireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire",
        abstract: "MapWire: a headless map engine whose parts talk over a ZeroMQ bus.",
        discussion: "Start with `mapwire up` (the bundled demo), watch it with `mapwire monitor`, drive it with `mapwire send`.",
        subcommands: [UpCommand.self, ServeCommand.self, MonitorCommand.self, StatusCommand.self, SendCommand.self, SnapshotCommand.self, RenderTestsCommand.self, SpriteCommand.self, BenchCommand.self, DemoCommand.self, KeygenCommand.self, StateCommand.self, PluginCheckCommand.self, CacheCommand.self, OfflineCommand.self, RecordCommand.self, ReplayCommand.self])

    /// As ArgumentParser's own, except that a run directory or socket that cannot be used exits 2
    /// (could not reach the core, PROTOCOL.md 11) whichever command found it. Runs on the main thread:
    /// the blocking (zmq_poll) commands never hold a thread of the cooperative pool.
    static func main() async {
        do {
            var command = try parseAsRoot(SendArguments.normalized(Array(CommandLine.arguments.dropFirst())))
            if var asynchronous = command as? AsyncParsableCommand { try await asynchronous.run() } else { try command.run() }
        } catch let error as RunDirectoryError {
            FileHandle.standardError.write(Data("mapwire: \(error)\n".utf8))
            Foundation.exit(2)
        } catch {
            exit(withError: error)
        }
    }
}

/// `--run-dir`, shared by every command that talks to a core.
struct RunDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("run-dir"),
            help: "The core's run directory (default: $MAPWIRE_RUN_DIR, $XDG_RUNTIME_DIR/mapwire or /tmp/mapwire-$UID).")
    var path: String?

    @Option(help: "Talk to a core over TCP instead (send, monitor, state): tcp://HOST:PORT is its control endpoint, PORT+1 its events.")
    var tcp: String?

    @Option(help: "With --tcp: the core's public key (Z85, or a file holding it).")
    var serverPublicKey: String?

    @Option(help: "With --tcp: this client's key pair file (from `mapwire keygen`); its public key must be on the core's allow-list.")
    var key: String?

    /// The endpoints and keys to use: the run directory's ipc, or --tcp with its keys.
    func connection() throws -> CoreConnection {
        do { return try CoreConnection(runDirectory: path, tcp: tcp, serverPublicKey: serverPublicKey, keyFile: key) }
        catch { throw ValidationError("\(error)") }
    }
}

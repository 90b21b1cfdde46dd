import ArgumentParser
import MapWireBus

@main
struct MapWireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire",
        abstract: "MapWire: a headless map engine whose parts talk over a ZeroMQ bus.",
        discussion: "Start with `mapwire up` (the bundled demo), watch it with `mapwire monitor`, drive it with `mapwire send`.",
        subcommands: [UpCommand.self, MonitorCommand.self, StatusCommand.self, SendCommand.self, SnapshotCommand.self, RenderTestsCommand.self, SpriteCommand.self, BenchCommand.self, DemoCommand.self, KeygenCommand.self, StateCommand.self])
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

    var controlEndpoint: String {
        tcp.flatMap { CoreTCPEndpoints.split($0)?.control } ?? RunDirectory.resolve(path).controlEndpoint
    }

    var eventsEndpoint: String {
        tcp.flatMap { CoreTCPEndpoints.split($0)?.events } ?? RunDirectory.resolve(path).eventsEndpoint
    }

    /// The CurveZMQ keys for --tcp; nil over ipc.
    func curveKeys() throws -> CurveClientKeys? {
        guard let tcp else { return nil }
        guard CoreTCPEndpoints.split(tcp) != nil else { throw ValidationError("--tcp must look like tcp://127.0.0.1:5555") }
        guard let serverPublicKey, let key else { throw ValidationError("--tcp needs --server-public-key and --key (TCP is CurveZMQ only)") }
        do { return CurveClientKeys(serverPublicKey: try CurveKey.publicKey(from: serverPublicKey), client: try CurveKeyPair.load(key)) }
        catch { throw ValidationError("\(error)") }
    }
}

/// `tcp://HOST:PORT` → control on PORT, events on PORT+1 (as `mapwire-core --tcp`).
enum CoreTCPEndpoints {
    static func split(_ base: String) -> (control: String, events: String)? {
        guard base.hasPrefix("tcp://"), let colon = base.lastIndex(of: ":"),
              let port = Int(base[base.index(after: colon)...]), (1...65534).contains(port) else { return nil }
        return ("\(base[..<colon]):\(port)", "\(base[..<colon]):\(port + 1)")
    }
}

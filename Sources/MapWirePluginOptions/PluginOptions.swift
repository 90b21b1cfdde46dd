import ArgumentParser
import MapWireBus

/// The options every plugin executable takes: where the core is (its run directory, or TCP with the
/// CurveZMQ keys) and how much to log. `@OptionGroup var options: PluginOptions` in a plugin's command.
public struct PluginOptions: ParsableArguments {
    @Option(help: "The core's run directory (default: $MAPWIRE_RUN_DIR, $XDG_RUNTIME_DIR/mapwire or /tmp/mapwire-$UID).")
    public var runDir: String?

    @Option(help: "Reach the core over TCP instead: its control endpoint tcp://HOST:PORT (CurveZMQ; needs the two key options).")
    public var tcp: String?

    @Option(help: "With --tcp: the core's public key (Z85, or a file holding it).")
    public var serverPublicKey: String?

    @Option(help: "With --tcp: this plugin's key pair file (from `mapwire keygen`), allow-listed by the core.")
    public var key: String?

    @Option(help: "Log level.")
    public var logLevel = "info"

    public init() {}

    /// The endpoints and keys to use; a bad combination is a usage error.
    public func connection() throws -> CoreConnection {
        do { return try CoreConnection(runDirectory: runDir, tcp: tcp, serverPublicKey: serverPublicKey, keyFile: key) }
        catch { throw ValidationError("\(error)") }
    }
}

import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWirePluginKit
import MapWireRendererPlugin

struct RendererCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-renderer",
        abstract: "MapWire's renderer plugin: draws the core's frames with cairo and writes PNGs.")

    @Option(help: "The core's run directory.")
    var runDir: String?

    @Option(help: "Reach the core over TCP instead: its control endpoint tcp://HOST:PORT (CurveZMQ; needs the two key options).")
    var tcp: String?

    @Option(help: "With --tcp: the core's public key (Z85, or a file holding it).")
    var serverPublicKey: String?

    @Option(help: "With --tcp: this plugin's key pair file (from `mapwire keygen`), allow-listed by the core.")
    var key: String?

    @Option(help: "Log level.")
    var logLevel = "info"

    func run() throws {
        ProcessLogging.bootstrap(level: logLevel)
        let connection: CoreConnection
        do { connection = try CoreConnection(runDirectory: runDir, tcp: tcp, serverPublicKey: serverPublicKey, keyFile: key) }
        catch { throw ValidationError("\(error)") }
        let logger = Logger(label: "mapwire-renderer")
        let plugin = RendererPlugin(logger: logger)
        let runner = PluginRunner(description: RendererPlugin.description,
                                  controlEndpoint: connection.controlEndpoint, logger: logger)
        runner.curve = connection.curve
        // A frame can take longer than a few heartbeat intervals: draw off the loop's thread.
        runner.handlesRequestsOffThread = true
        try runner.runUntilSignalled { plugin.answer($0) }
    }
}

RendererCommand.main()

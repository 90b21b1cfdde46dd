import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireLoader
import MapWirePluginKit

struct LoaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-loader",
        abstract: "MapWire's resource loader plugin: file://, tile folders and mbtiles://, with URL rewrites.")

    @Option(help: "The core's run directory.")
    var runDir: String?

    @Option(help: "URL rewrite FROM=TO (repeatable): URLs starting with FROM get TO instead.")
    var rewrite: [String] = []

    @Option(help: "A JSON file {\"rewrites\": [{\"from\", \"to\", \"minzoom\", \"maxzoom\"}]}.")
    var config: String?

    @Option(help: "Wait this many milliseconds before each answer (a slow network, for chaos tests).")
    var delayMs = 0

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
        var configuration = LoaderConfiguration()
        if let config {
            do { configuration = try JSONDecoder().decode(LoaderConfiguration.self, from: Data(contentsOf: URL(fileURLWithPath: config))) }
            catch { throw ValidationError("cannot read the loader configuration \(config): \(error)") }
        }
        for argument in rewrite {
            guard let rule = URLRewrite(argument: argument) else { throw ValidationError("--rewrite takes FROM=TO, got \(argument)") }
            configuration.rewrites.append(rule)
        }
        let loader = ResourceLoader(configuration: configuration)
        let runner = PluginRunner(description: LoaderPlugin.description,
                                  controlEndpoint: connection.controlEndpoint,
                                  logger: Logger(label: "mapwire-loader"))
        let delay = UInt32(max(0, delayMs)) * 1000
        runner.curve = connection.curve
        // Large files and --delay-ms must not hold up the heartbeats.
        runner.handlesRequestsOffThread = true
        try runner.runUntilSignalled { request in
            if delay > 0, case .loadResource = request.kind { usleep(delay) }
            return LoaderPlugin.answer(request, with: loader)
        }
    }
}

LoaderCommand.main()

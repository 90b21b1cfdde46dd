import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireLoader
import MapWirePluginKit
import MapWirePluginOptions

struct LoaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-loader",
        abstract: "MapWire's resource loader plugin: file://, tile folders, mbtiles:// and pmtiles:// (local files), with URL rewrites.")

    @OptionGroup var options: PluginOptions

    @Option(help: "URL rewrite FROM=TO (repeatable): URLs starting with FROM get TO instead.")
    var rewrite: [String] = []

    @Option(help: "A JSON file {\"rewrites\": [{\"from\", \"to\", \"minzoom\", \"maxzoom\"}]}.")
    var config: String?

    @Option(help: "Wait this many milliseconds before each answer (a slow network, for chaos tests).")
    var delayMs = 0


    func run() throws {
        ProcessLogging.bootstrap(level: options.logLevel)
        let connection = try options.connection()
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

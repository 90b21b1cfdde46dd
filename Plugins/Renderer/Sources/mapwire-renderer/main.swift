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

    @Option(help: "Log level.")
    var logLevel = "info"

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "mapwire-renderer")
        let plugin = RendererPlugin(logger: logger)
        let runner = PluginRunner(description: RendererPlugin.description,
                                  controlEndpoint: RunDirectory.resolve(runDir).controlEndpoint, logger: logger)
        let stop = runner.stopFlag
        let trap = SignalTrap { stop.stop() }
        try runner.run { plugin.answer($0) }
        _ = trap
    }
}

RendererCommand.main()

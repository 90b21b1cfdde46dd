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
        ProcessLogging.bootstrap(level: logLevel)
        let logger = Logger(label: "mapwire-renderer")
        let plugin = RendererPlugin(logger: logger)
        let runner = PluginRunner(description: RendererPlugin.description,
                                  controlEndpoint: RunDirectory.resolve(runDir).controlEndpoint, logger: logger)
        try runner.runUntilSignalled { plugin.answer($0) }
    }
}

RendererCommand.main()

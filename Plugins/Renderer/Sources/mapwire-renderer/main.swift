import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWirePluginKit
import MapWirePluginOptions
import MapWireRendererPlugin

struct RendererCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-renderer",
        abstract: "MapWire's renderer plugin: draws the core's frames with cairo and writes PNGs.")

    @OptionGroup var options: PluginOptions


    func run() throws {
        ProcessLogging.bootstrap(level: options.logLevel)
        let connection = try options.connection()
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

import ArgumentParser
import Dispatch
import Foundation
import Logging
import MapWireBus
import MapWireLoadStatus
import MapWirePluginKit
import MapWirePluginOptions

struct LoadStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-loadstatus",
        abstract: "MapWire's load-status plugin: derives the map's and each source's load status from the events.")

    @OptionGroup var options: PluginOptions

    func run() throws {
        ProcessLogging.bootstrap(level: options.logLevel)
        let logger = Logger(label: "mapwire-loadstatus")
        let connection = try options.connection()
        let runner = PluginRunner(description: LoadStatusPlugin.description,
                                  controlEndpoint: connection.controlEndpoint, logger: logger)
        runner.curve = connection.curve
        let stop = runner.stopFlag
        let subscribed = DispatchSemaphore(value: 0)
        // The event side blocks in zmq_poll, so it gets its own thread (never the cooperative pool);
        // its sockets are made and used there only. The PluginRunner (hello, heartbeats) keeps main.
        let worker = Thread {
            defer { stop.stop() }
            do {
                let forwarder = try LoadStatusForwarder(connection: connection, logger: logger)
                guard try forwarder.waitUntilSubscribed(stop: stop) else { subscribed.signal(); return }
                subscribed.signal()
                try forwarder.run(stop: stop)
            } catch {
                logger.error("the event subscription failed: \(error)")
                subscribed.signal()
            }
        }
        worker.start()
        subscribed.wait()
        guard !stop.isStopped else { throw ExitCode(1) }
        try runner.runUntilSignalled { LoadStatusPlugin.answer($0) }
    }
}

LoadStatusCommand.main()

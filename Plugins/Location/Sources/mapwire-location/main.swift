import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireLocation
import MapWirePluginKit
import MapWirePluginOptions
import MapWireProtocol

struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-location",
        abstract: "MapWire's location provider: replays GPX, NMEA or a route, or follows gpsd, and sends the fixes to the core.",
        discussion: "Sources: gpx:FILE, nmea:FILE, route:FILE (a GeoJSON LineString driven at --route-speed), gpsd://HOST[:PORT].")

    @OptionGroup var options: PluginOptions

    @Option(help: "Where fixes come from.")
    var source: String

    @Option(help: "Replay speed: 2 plays a recording twice as fast as it was made.")
    var speed = 1.0

    @Option(help: "Metres per second along a route: source.")
    var routeSpeed = 10.0

    @Flag(help: "Start a file replay again when it ends.")
    var loop = false


    func validate() throws {
        guard speed > 0, speed.isFinite else { throw ValidationError("--speed must be a positive number") }
        guard routeSpeed > 0, routeSpeed.isFinite else { throw ValidationError("--route-speed must be a positive number") }
        do { _ = try LocationSourceSpec(parsing: source) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        ProcessLogging.bootstrap(level: options.logLevel)
        let logger = Logger(label: "mapwire-location")
        let connection = try options.connection()
        let runner = PluginRunner(description: PluginDescription(name: "mapwire-location", roles: [PluginRole.location]),
                                  controlEndpoint: connection.controlEndpoint, logger: logger)
        runner.curve = connection.curve
        let stop = runner.stopFlag
        let job = SourceJob(spec: try LocationSourceSpec(parsing: source), speedFactor: speed, routeSpeed: routeSpeed,
                            loop: loop, logger: logger)
        // The source sleeps and blocks on gpsd's socket, so it gets its own thread (never the cooperative
        // pool) with its own control connection; the PluginRunner (hello, heartbeats) keeps main.
        let worker = Thread {
            do {
                let sender = try LocationSender(endpoint: connection.controlEndpoint, curve: connection.curve, logger: logger)
                job.run(sender: sender, stop: stop)
            } catch {
                logger.error("cannot reach the core: \(error)")
            }
        }
        worker.start()
        // This plugin only sends fixes: every request is refused.
        try runner.runUntilSignalled { RequestRefusal.answer($0, plugin: PluginRole.location) }
    }
}

LocationCommand.main()

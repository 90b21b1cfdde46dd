import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireCore
import MapWirePluginKit

/// The core map process: owns the map and publishes every event on the bus.
struct CoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-core",
        abstract: "The MapWire core: owns the map and publishes its events over ZeroMQ.",
        discussion: "Binds <run-dir>/control (ROUTER, commands and plugin requests) and <run-dir>/events (PUB). Stop it with SIGINT or SIGTERM.")

    @Option(help: "Folder for the ipc sockets (default: $MAPWIRE_RUN_DIR, $XDG_RUNTIME_DIR/mapwire or /tmp/mapwire-$UID).")
    var runDir: String?

    @Option(help: "The map id events carry.")
    var mapId = "map"

    @Option(help: "Initial viewport size, WIDTHxHEIGHT.")
    var size = "512x512"

    @Option(help: "Milliseconds between heartbeats; a plugin silent for 3 is gone.")
    var heartbeatMs = 1000

    @Option(help: "Milliseconds a plugin request may take before it fails.")
    var requestTimeoutMs = 30_000

    @Option(help: "Milliseconds a gesture claimant or delegate may take to answer before it counts as not handled.")
    var gestureTimeoutMs = 50

    @Option(help: "Milliseconds the camera-veto plugin may take before a gesture's camera change is applied anyway.")
    var vetoTimeoutMs = 50

    @Option(help: "Log level: trace, debug, info, notice, warning, error.")
    var logLevel = "info"

    mutating func run() throws {
        ProcessLogging.bootstrap(level: logLevel)
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--size must look like 800x600") }
        guard gestureTimeoutMs >= 0, vetoTimeoutMs >= 0 else { throw ValidationError("timeouts must not be negative") }
        var configuration = CoreConfiguration(
            runDirectory: RunDirectory.resolve(runDir), mapID: mapId, heartbeatIntervalMilliseconds: heartbeatMs,
            requestTimeoutMilliseconds: requestTimeoutMs, initialWidth: parts[0], initialHeight: parts[1])
        configuration.gestureTimeoutMilliseconds = gestureTimeoutMs
        configuration.vetoTimeoutMilliseconds = vetoTimeoutMs
        let core: CoreServer
        do { core = try CoreServer(configuration: configuration, logger: Logger(label: "mapwire-core")) }
        catch {
            FileHandle.standardError.write(Data("mapwire-core: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let stop = core.stopHandle
        let trap = SignalTrap { stop.stop() }
        try core.run()
        _ = trap
    }
}

CoreCommand.main()

import ArgumentParser
import MapWireCoreCommand

/// The core map process: owns the map and publishes every event on the bus.
struct CoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-core",
        abstract: "The MapWire core: owns the map and publishes its events over ZeroMQ.",
        discussion: "Binds <run-dir>/control (ROUTER, commands and plugin requests) and <run-dir>/events (PUB). Stop it with SIGINT or SIGTERM.")

    @OptionGroup var options: CoreOptions

    func run() throws {
        try options.run(name: "mapwire-core")
    }
}

CoreCommand.main()

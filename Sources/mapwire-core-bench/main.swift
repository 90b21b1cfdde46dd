import ArgumentParser
import MapWireCoreBench
import MapWireCoreCommand

/// The benchmark core: `mapwire-core` with the benchmark commands (bench-publish, bench-requests) built around
/// its shell. `mapwire bench` starts it; the product's core has none of this.
struct BenchCoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-core-bench",
        abstract: "The MapWire core with the benchmark commands, for `mapwire bench`.",
        discussion: "Takes every option of mapwire-core; also answers bench-publish and bench-requests (PROTOCOL.md 7.3).")

    @OptionGroup var options: CoreOptions

    func run() throws {
        try options.run(name: "mapwire-core-bench", extension: BenchCommands())
    }
}

BenchCoreCommand.main()

import ArgumentParser

@main
struct MapWireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire",
        abstract: "MapWire: a headless map engine whose parts talk over a ZeroMQ bus.",
        discussion: "Start with `mapwire up` (the bundled demo), watch it with `mapwire monitor`, drive it with `mapwire send`.",
        subcommands: [UpCommand.self, MonitorCommand.self, StatusCommand.self, SendCommand.self, SnapshotCommand.self, RenderTestsCommand.self, SpriteCommand.self, BenchCommand.self, DemoCommand.self, PluginCheckCommand.self])
}

/// `--run-dir`, shared by every command that talks to a core.
struct RunDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("run-dir"),
            help: "The core's run directory (default: $MAPWIRE_RUN_DIR, $XDG_RUNTIME_DIR/mapwire or /tmp/mapwire-$UID).")
    var path: String?
}

import Logging
import MapWireProcess
import MapWireProtocol

/// The logging every MapWire process sets up: swift-log to standard error at a level by name.
public enum ProcessLogging {
    /// Call once, first thing in `main` (swift-log allows one bootstrap per process).
    public static func bootstrap(level name: String) {
        let level = Logger.Level(rawValue: name) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

extension PluginRunner {
    /// Runs until SIGINT or SIGTERM, then says goodbye to the core and returns.
    public func runUntilSignalled(handler: @escaping Handler) throws {
        let stop = stopFlag
        let trap = SignalTrap { stop.stop() }
        try withExtendedLifetime(trap) { try run(handler: handler) }
    }

    /// As `runUntilSignalled(handler:)` with an asynchronous handler (`runAsync`), and a wire handler first.
    public func runUntilSignalled(asyncHandler: @escaping AsyncHandler, wireHandler: WireHandler? = nil) throws {
        let stop = stopFlag
        let trap = SignalTrap { stop.stop() }
        try withExtendedLifetime(trap) { try runAsync(handler: asyncHandler, wireHandler: wireHandler) }
    }
}

import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireCore
import MapWirePluginKit
import MapWireProcess

/// The core's command line, shared by `mapwire-core` and the benchmark core (`mapwire-core-bench`).
public struct CoreOptions: ParsableArguments {
    public init() {}

    @Option(help: "Folder for the ipc sockets (default: $MAPWIRE_RUN_DIR, $XDG_RUNTIME_DIR/mapwire or /tmp/mapwire-$UID).")
    var runDir: String?

    @Option(help: "The map id events carry.")
    var mapId = CoreConfiguration.defaults.mapID

    @Option(help: "Initial viewport size, WIDTHxHEIGHT.")
    var size = "\(CoreConfiguration.defaults.initialWidth)x\(CoreConfiguration.defaults.initialHeight)"

    @Option(help: "Milliseconds between heartbeats; a plugin silent for 3 is gone.")
    var heartbeatMs = CoreConfiguration.defaults.heartbeatIntervalMilliseconds

    @Option(help: "Milliseconds a plugin request may take before it fails.")
    var requestTimeoutMs = CoreConfiguration.defaults.requestTimeoutMilliseconds

    @Option(help: "Milliseconds a gesture claimant or delegate may take to answer before it counts as not handled.")
    var gestureTimeoutMs = CoreConfiguration.defaults.gestureTimeoutMilliseconds

    @Option(help: "Milliseconds the camera-veto plugin may take before a gesture's camera change is applied anyway.")
    var vetoTimeoutMs = CoreConfiguration.defaults.vetoTimeoutMilliseconds

    @Option(help: "How often a plugin request is sent again when an attempt gets no answer (the attempts share --request-timeout-ms).")
    var requestRetries = CoreConfiguration.defaults.requestRetries

    @Option(help: "A plugin that lets this many requests in a row time out (heartbeating all the while) is treated as gone; 0: never.")
    var unresponsiveAfter = CoreConfiguration.defaults.unresponsiveAfterTimeouts

    @Option(help: "Milliseconds after a plugin's hello during which its timeouts do not count toward --unresponsive-after (a runtime warming up).")
    var unresponsiveGraceMs = CoreConfiguration.defaults.unresponsiveGraceMilliseconds

    @Option(help: "Unanswered requests one plugin may hold at a time; the rest wait in the core for a plugin of the role with room.")
    var maxInFlight = CoreConfiguration.defaults.maxInFlightPerPlugin

    @Option(help: "Largest control message accepted, in bytes; a larger one is refused with an error and counted (past twice this, libzmq drops the sender's connection).")
    var maxMessageBytes = CoreConfiguration.defaultMaxMessageBytes

    @Option(help: "Events queued per subscriber before further events are dropped for it.")
    var eventsHwm = CoreConfiguration.defaultEventsHighWaterMark

    @Option(help: "Also listen on TCP: control on tcp://HOST:PORT, events on PORT+1 (CurveZMQ only; needs --server-key and --allow-keys).")
    var tcp: String?

    @Option(help: "The core's CurveZMQ key pair file (from `mapwire keygen`), for --tcp.")
    var serverKey: String?

    @Option(help: "File of client public keys (one Z85 key per line) admitted over --tcp.")
    var allowKeys: String?

    @Option(help: "The map's tint colour (CSS): the default stroke and fill colour of annotations.")
    var annotationTint = CoreConfiguration.defaults.annotationTint

    @Option(help: "Log level: trace, debug, info, notice, warning, error.")
    var logLevel = "info"

    @Flag(help: "Start offline: every load asks the loaders' cache only, until `mapwire send network online`.")
    var offline = false

    /// Runs a core with these options until SIGINT or SIGTERM; `shellExtension` is what is built around its
    /// shell (nil for `mapwire-core`). `name` labels its log and its errors.
    public func run(name: String, extension shellExtension: (any CoreShellExtension)? = nil) throws {
        ProcessLogging.bootstrap(level: logLevel)
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--size must look like 800x600") }
        guard gestureTimeoutMs >= 0, vetoTimeoutMs >= 0 else { throw ValidationError("timeouts must not be negative") }
        var configuration = CoreConfiguration(
            runDirectory: RunDirectory.resolve(runDir), mapID: mapId, heartbeatIntervalMilliseconds: heartbeatMs,
            requestTimeoutMilliseconds: requestTimeoutMs, initialWidth: parts[0], initialHeight: parts[1])
        configuration.gestureTimeoutMilliseconds = gestureTimeoutMs
        configuration.vetoTimeoutMilliseconds = vetoTimeoutMs
        guard heartbeatMs >= 10, requestRetries >= 0, maxMessageBytes >= 1024, eventsHwm >= 1 else {
            throw ValidationError("--heartbeat-ms must be ≥ 10, --request-retries ≥ 0, --max-message-bytes ≥ 1024, --events-hwm ≥ 1")
        }
        guard maxInFlight >= 1 else { throw ValidationError("--max-in-flight must be at least 1") }
        guard unresponsiveAfter >= 0, unresponsiveGraceMs >= 0 else {
            throw ValidationError("--unresponsive-after and --unresponsive-grace-ms must be 0 or more")
        }
        configuration.unresponsiveAfterTimeouts = unresponsiveAfter
        configuration.unresponsiveGraceMilliseconds = unresponsiveGraceMs
        configuration.requestRetries = requestRetries
        configuration.maxInFlightPerPlugin = maxInFlight
        configuration.maxMessageBytes = maxMessageBytes
        configuration.eventsHighWaterMark = eventsHwm
        configuration.tcp = try tcpConfiguration()
        configuration.startsOffline = offline
        guard CoreConfiguration.isCSSColor(annotationTint) else {
            throw ValidationError("--annotation-tint \(annotationTint.debugDescription) is not a CSS colour (for example \"#007AFF\" or \"rgb(0, 122, 255)\")")
        }
        configuration.annotationTint = annotationTint
        let core: CoreServer
        try CoreStartChecks.run(configuration, name: name, serverKeyFile: serverKey, allowListFile: allowKeys, logger: Logger(label: name))
        do { core = try CoreServer(configuration: configuration, logger: Logger(label: name), extension: shellExtension) }
        catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            throw ExitCode(2)
        }
        let stop = core.stopHandle
        let trap = SignalTrap { stop.stop() }
        try core.run()
        _ = trap
    }
}

extension CoreOptions {
    /// --tcp with its keys, or nil when TCP stays off (the default).
    func tcpConfiguration() throws -> CoreTCPConfiguration? {
        guard let tcp else {
            guard serverKey == nil, allowKeys == nil else { throw ValidationError("--server-key and --allow-keys need --tcp") }
            return nil
        }
        guard let endpoints = TCPEndpoints.split(tcp) else {
            throw ValidationError("--tcp must look like tcp://127.0.0.1:5555 (events use the next port)")
        }
        guard let serverKey, let allowKeys else {
            throw ValidationError("--tcp needs --server-key FILE and --allow-keys FILE: TCP is always CurveZMQ with an allow-list")
        }
        do {
            return CoreTCPConfiguration(controlEndpoint: endpoints.control, eventsEndpoint: endpoints.events,
                                        serverKeys: try CurveKeyPair.load(serverKey),
                                        allowedClientKeys: try CurveKey.allowList(allowKeys))
        } catch { throw ValidationError("\(error)") }
    }
}


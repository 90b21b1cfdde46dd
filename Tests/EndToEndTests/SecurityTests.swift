import Foundation
import MapWireBus
import MapWireClient
import MapWireProtocol
import MapWireTesting
import Testing

/// The run directory's checks and the opt-in TCP transport: CurveZMQ only, and only for client keys
/// on the allow-list. Tests bind loopback only.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SecurityTests {
    /// Keys from `mapwire keygen` in the run's folder: the core's pair, an allowed and an unknown client.
    func keys(_ run: TestRun) throws -> (core: CurveKeyPair, allowed: CurveKeyPair, unknown: CurveKeyPair) {
        for name in ["core", "allowed", "unknown"] {
            let result = try run.mapwire(["keygen", run.file(name).path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        try FileManager.default.copyItem(at: run.file("allowed.pub"), to: run.file("allow-list"))
        return (try CurveKeyPair.load(run.file("core.key").path), try CurveKeyPair.load(run.file("allowed.key").path),
                try CurveKeyPair.load(run.file("unknown.key").path))
    }

    func startTCPCore(_ run: TestRun) throws -> (core: TestProcess, port: Int) {
        for _ in 0..<5 {
            let port = loopbackPortPair()
            let core = try run.start("mapwire-core", ["--tcp", "tcp://127.0.0.1:\(port)", "--server-key", run.file("core.key").path,
                                                      "--allow-keys", run.file("allow-list").path])
            if waitUntil(timeout: 10, { ControlClient.coreAnswers(at: run.runDirectory.controlEndpoint) || !core.isRunning }), core.isRunning {
                return (core, port)
            }
        }
        throw TestRunError.coreDidNotStart("no free loopback port pair")
    }

    /// Pings over TCP with `curve` (nil: the NULL mechanism); true when the core answered.
    func ping(port: Int, curve: CurveClientKeys?) -> Bool {
        let context = ZMQContext()
        defer { context.shutdown() }
        guard let client = try? ControlClient(endpoint: "tcp://127.0.0.1:\(port)", context: context, curve: curve) else { return false }
        return (try? client.send(.ping(.init()), timeoutMilliseconds: 1500)) != nil
    }

    @Test(.enabled(if: CurveKeyPair.isSupported, "libzmq was built without CURVE"))
    func tcpAdmitsOnlyAllowListedCurveKeys() throws {
        let run = try TestRun()
        let keys = try keys(run)
        let attributes = try FileManager.default.attributesOfItem(atPath: run.file("core.key").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let (core, port) = try startTCPCore(run)

        #expect(!ping(port: port, curve: nil), "a NULL-mechanism client is rejected")
        #expect(!ping(port: port, curve: CurveClientKeys(serverPublicKey: keys.core.publicKey, client: keys.unknown)), "an unknown key is rejected")
        #expect(ping(port: port, curve: CurveClientKeys(serverPublicKey: keys.core.publicKey, client: keys.allowed)), "an allowed key works")
        #expect(try run.state().counters.connectionsRefused >= 1)
        #expect(core.stderr.contains("refused a TCP connection"))

        // The command-line tools over TCP: send and monitor with the allowed key.
        let tcpArguments = ["--tcp", "tcp://127.0.0.1:\(port)", "--server-public-key", run.file("core.pub").path, "--key", run.file("allowed.key").path]
        let sent = try run.mapwire(["send", "ping"] + tcpArguments)
        #expect(sent.status == 0 && sent.stdout.contains("pong"), "\(sent.stderr)")
        let refused = try run.mapwire(["send", "ping", "--tcp", "tcp://127.0.0.1:\(port)", "--server-public-key", run.file("core.pub").path,
                                       "--key", run.file("unknown.key").path])
        #expect(refused.status == 2)
        let monitor = try run.start("mapwire", ["monitor", "--count", "1", "--timeout", "10"] + tcpArguments, name: "monitor", withRunDir: false)
        #expect(monitor.waitFor("monitor: subscribed"))
        #expect(try run.send(.setCamera(.with { $0.zoom = 2 })).ok)
        #expect(monitor.wait(timeout: 10) == 0)
        #expect(monitor.stdout.contains("camera"))

        // Plugins over TCP: the loader with the allowed key serves a whole map load, and the load-status
        // plugin (events and commands both over TCP) reports it loaded.
        try run.start("mapwire-loader", tcpArguments, withRunDir: false)
        try run.start("mapwire-loadstatus", tcpArguments, withRunDir: false)
        #expect(waitUntil { ((try? run.state().plugins.count) ?? 0) == 2 })
        let (style, tiles) = try run.tiledStyle()
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(log.resourceRequests.filter { $0.request.kind == .tile }.count == tiles.count)
        #expect(waitUntil { (try? run.send(.getLoadStatus(.init())).loadStatus.statuses.first { $0.target == "map" }?.status) == .loaded })
        let refusals = try run.state().counters.connectionsRefused
        figure("security: over TCP a NULL client and an unknown CURVE key were refused (ZAP refusals \(refusals)), the allowed key pinged, monitored and loaded a map")
    }

    @Test func tcpIsOffByDefaultAndNeedsKeys() throws {
        let run = try TestRun()
        let noKeys = try run.start("mapwire-core", ["--tcp", "tcp://127.0.0.1:\(loopbackPortPair())"])
        #expect(noKeys.wait(timeout: 10) != 0)
        #expect(noKeys.stderr.contains("--tcp needs --server-key FILE and --allow-keys FILE"))
        let core = try run.startCore()
        #expect(try run.state().counters.connectionsRefused == 0)
        #expect(!core.stderr.contains("TCP"))
    }

    @Test(.enabled(if: Prerequisites.isRoot, Prerequisites.notRoot))
    func aForeignOwnedRunDirectoryIsRefused() throws {
        let run = try TestRun()
        try FileManager.default.createDirectory(atPath: run.runDirectory.path, withIntermediateDirectories: true)
        chmod(run.runDirectory.path, 0o700)
        #expect(chown(run.runDirectory.path, 65534, 65534) == 0)
        let core = try run.start("mapwire-core")
        #expect(core.wait(timeout: 10) == 2)
        #expect(core.stderr.contains("owned by uid 65534"))
    }
}

import Foundation
import MapWireBus
import MapWireClient
import MapWireProtocol
import MapWireTesting

/// A private run of MapWire for one test: a fresh folder under the temp directory (short, for ipc
/// paths), the processes started in it, and their cleanup.
final class TestRun: @unchecked Sendable {
    // @unchecked Sendable: a TestRun is used by the one test that made it; `processes` is only
    // touched from that test's task.
    let directory: URL
    let runDirectory: RunDirectory
    private(set) var processes: [TestProcess] = []
    /// Stops of what is not a TestProcess (nginx), run first when the run ends.
    private var cleanups: [@Sendable () -> Void] = []

    init() throws {
        let base = URL(fileURLWithPath: "/tmp").appendingPathComponent("mwt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        directory = base
        runDirectory = RunDirectory(path: base.appendingPathComponent("run").path)
    }

    deinit {
        for cleanup in cleanups.reversed() { cleanup() }
        for process in processes.reversed() { process.stop() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `stop` when the run ends (before its processes are stopped and its folder removed).
    func onCleanup(_ stop: @escaping @Sendable () -> Void) { cleanups.append(stop) }

    /// Starts one of the package's executables with `--run-dir` set to this run's folder.
    @discardableResult
    func start(_ executable: String, _ arguments: [String] = [], name: String? = nil, withRunDir: Bool = true) throws -> TestProcess {
        let process = try TestProcess(Binaries.path(executable), (withRunDir ? ["--run-dir", runDirectory.path] : []) + arguments,
                                      in: directory, name: name)
        processes.append(process)
        return process
    }

    /// Starts a program that is not one of the package's (gpsfake, python3), stopped like the others.
    @discardableResult
    func startProgram(_ path: String, _ arguments: [String], name: String? = nil) throws -> TestProcess {
        let process = try TestProcess(path, arguments, in: directory, name: name)
        processes.append(process)
        return process
    }

    /// Starts a core and waits until it answers.
    @discardableResult
    func startCore(_ arguments: [String] = [], executable: String = "mapwire-core") throws -> TestProcess {
        let core = try start(executable, arguments)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, core.isRunning {
            if ControlClient.coreAnswers(at: runDirectory.controlEndpoint, timeoutMilliseconds: 200) { return core }
        }
        throw TestRunError.coreDidNotStart(core.stderr)
    }

    /// The benchmark core (`mapwire-core-bench`: the core with the benchmark commands around its shell).
    @discardableResult
    func startBenchCore(_ arguments: [String] = []) throws -> TestProcess {
        try startCore(arguments, executable: "mapwire-core-bench")
    }

    /// True once a plugin of `role` has registered with the core (false after `timeout`).
    func waitForPlugin(role: String, timeout: TimeInterval = 10) -> Bool {
        waitUntil(timeout: timeout) { (try? send(.ping(.init())).pong.pluginRoles.contains(role)) == true }
    }

    /// The core with the real loader and renderer, once the renderer has registered: what a test that
    /// draws a style needs. Throws when the renderer does not register.
    func startCoreWithLoaderAndRenderer(_ coreArguments: [String] = []) throws {
        try startCore(coreArguments)
        try start("mapwire-loader")
        try start("mapwire-renderer")
        guard waitForPlugin(role: "renderer") else { throw TestRunError.pluginDidNotRegister("renderer") }
    }

    /// Runs `mapwire ARGS` to completion and returns its status and output.
    func mapwire(_ arguments: [String], timeout: TimeInterval = 30) throws -> (status: Int32?, stdout: String, stderr: String) {
        let process = try start("mapwire", arguments, withRunDir: false)
        let status = process.wait(timeout: timeout)
        if status == nil { process.stop() }
        return (status, process.stdout, process.stderr)
    }

    /// Sends a command to this run's core.
    func send(_ kind: Mapwire_V1_Command.OneOf_Kind) throws -> Mapwire_V1_CommandReply {
        let client = try ControlClient(endpoint: runDirectory.controlEndpoint)
        return try client.send(kind)
    }

    /// A subscriber on this run's events, already welcomed.
    func subscribe(_ prefixes: [String] = [""]) throws -> EventSubscriber {
        let subscriber = try EventSubscriber(endpoint: runDirectory.eventsEndpoint, prefixes: prefixes)
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 5000)
        guard subscriber.isWelcomed else { throw TestRunError.notWelcomed }
        return subscriber
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

enum TestRunError: Error {
    case coreDidNotStart(String)
    case notWelcomed
    case pluginDidNotRegister(String)
}

/// Collects events from a subscriber until a condition holds or time runs out.
struct EventLog {
    var events: [(topic: String, envelope: Mapwire_V1_Envelope)] = []

    var topics: [String] { events.map(\.topic) }

    /// Reads events until `stop` returns true for one (which is included), or `timeout` passes.
    @discardableResult
    mutating func collect(from subscriber: EventSubscriber, timeout: TimeInterval = 20,
                          until stop: (String, Mapwire_V1_Envelope) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard case .event(let topic, let envelope)? = try subscriber.next(timeoutMilliseconds: 100) else { continue }
            events.append((topic, envelope))
            if stop(topic, envelope) { return true }
        }
        return false
    }

    func payloads<T>(_ extract: (Mapwire_V1_Envelope.OneOf_Payload) -> T?) -> [T] {
        events.compactMap { $0.envelope.payload.flatMap(extract) }
    }

    var loadingErrors: [Mapwire_V1_MapLoadingError] {
        payloads { if case .mapLoadingError(let e) = $0 { e } else { nil } }
    }

    var resourceRequests: [Mapwire_V1_ResourceRequest] {
        payloads { if case .resourceRequest(let r) = $0 { r } else { nil } }
    }

    func index(of topic: String, from start: Int = 0, where predicate: (Mapwire_V1_Envelope.OneOf_Payload) -> Bool = { _ in true }) -> Int? {
        events.indices.dropFirst(start).first { events[$0].topic == topic && events[$0].envelope.payload.map(predicate) == true }
    }
}


import Foundation
import MapWireBus
import MapWireClient
import MapWireDemo
import MapWireProcess
import MapWireProtocol
import Synchronization

/// What `mapwire serve` starts: per style, a core in its own run directory with a loader and N renderers.
struct ServeLaunchPlan: Sendable {
    struct Launched: Sendable {
        let id: String
        let styleURL: String
        /// The style document when it is a file (served as style.json).
        let json: Data?
        let controlEndpoint: String
        let eventsEndpoint: String
        let supervision: ServeSupervision
    }

    let base: URL
    /// (id, the style as given; nil: the bundled demo).
    let styles: [(String, String?)]
    let renderers: Int
    let cache: String?
    let rewrite: [String]
    /// Renderers on other hosts (CurveZMQ TCP): the first style's core listens on tcp://HOST:PORT (its
    /// events on PORT+1), the next on PORT+2, and so on; nil: ipc only.
    var tcp: (host: String, port: Int, serverKey: String, allowKeys: String)? = nil

    /// The TCP control endpoint of the style at `index`, when serving over TCP.
    func tcpEndpoint(_ index: Int) -> String? {
        tcp.map { "tcp://\($0.host):\($0.port + 2 * index)" }
    }

    func coreArguments(_ index: Int) -> [String] {
        guard let tcp, let endpoint = tcpEndpoint(index) else { return [] }
        return ["--tcp", endpoint, "--server-key", tcp.serverKey, "--allow-keys", tcp.allowKeys]
    }
}

/// Starts every style's core and plugins on a thread of its own (launching and supervising block on
/// zmq_poll and waitpid, never on the cooperative pool) and keeps supervising them as `mapwire up`
/// does: a plugin that exits or hangs is started again; a core that exits fails the server.
final class ServeSupervision: Sendable {
    private let stopFlag = StopFlag()
    private let state = Mutex<(failure: String?, finished: Bool)>((nil, false))

    var failure: String? { state.withLock { $0.failure } }

    static func start(_ plan: ServeLaunchPlan, stop interrupt: StopFlag) async throws -> [ServeLaunchPlan.Launched] {
        let supervision = ServeSupervision()
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                supervision.run(plan, interrupt: interrupt) { result in continuation.resume(with: result) }
            }
            thread.name = "mapwire-serve-supervisor"
            thread.start()
        }
    }

    static func failed(_ launched: [ServeLaunchPlan.Launched]) -> Bool { launched.first?.supervision.failure != nil }
    static func failure(_ launched: [ServeLaunchPlan.Launched]) -> String? { launched.first?.supervision.failure }

    /// Stops the cores and plugins and waits (at most 15 s) until they are gone.
    static func stop(_ launched: [ServeLaunchPlan.Launched]) {
        guard let supervision = launched.first?.supervision else { return }
        supervision.stopFlag.stop()
        let deadline = monotonicMillis() + 15_000
        while !supervision.state.withLock({ $0.finished }), monotonicMillis() < deadline { usleep(20_000) }
    }

    private func run(_ plan: ServeLaunchPlan, interrupt: StopFlag,
                     launched: (Result<[ServeLaunchPlan.Launched], any Error>) -> Void) {
        defer { state.withLock { $0.finished = true } }
        var launchers: [MapLauncher] = []
        defer { for launcher in launchers.reversed() { launcher.stop() } }
        var subscribers: [EventSubscriber] = []
        var clients: [ControlClient] = []
        var out: [ServeLaunchPlan.Launched] = []
        do {
            let options = try LaunchOptions.parse((plan.cache.map { ["--cache", $0] } ?? []) + plan.rewrite.flatMap { ["--rewrite", $0] })
            // The load-status plugin publishes each source's load status (the live view shows it).
            let plugins = ["loader", "loadstatus"] + Array(repeating: "renderer", count: plan.renderers)
            for (index, (id, given)) in plan.styles.enumerated() {
                let dir = RunDirectory(path: plan.base.appendingPathComponent(id).path)
                let logs = plan.base.appendingPathComponent("\(id)-logs")
                try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
                let launcher = try MapLauncher(directory: dir, plugins: plugins, options: options, interrupt: interrupt,
                                               logFolder: logs, coreArguments: plan.coreArguments(index)) { Output.line("\(id): \($0)") }
                if let endpoint = plan.tcpEndpoint(index) { Output.line("\(id): renderers on other hosts join at \(endpoint)") }
                launchers.append(launcher)
                let subscriber = try EventSubscriber(endpoint: dir.eventsEndpoint, prefixes: ["plugin-gone"])
                subscribers.append(subscriber)
                let client = try ControlClient(endpoint: dir.controlEndpoint)
                clients.append(client)
                let styleURL = try given.map(StyleLocation.url)
                    ?? DemoData.write(to: plan.base.appendingPathComponent("\(id)-demo", isDirectory: true)).absoluteString
                let json = URL(string: styleURL).flatMap { $0.isFileURL ? try? Data(contentsOf: $0) : nil }
                try client.run(.setStyleUri(.with { $0.uri = styleURL }))
                Output.line("\(id): style \(styleURL)")
                out.append(.init(id: id, styleURL: styleURL, json: json, controlEndpoint: dir.controlEndpoint,
                                   eventsEndpoint: dir.eventsEndpoint, supervision: self))
            }
        } catch {
            return launched(.failure(error))
        }
        launched(.success(out))
        let supervisors = launchers.map { _ in Supervisor(schedule: RestartSchedule(maxRestarts: 5, windowMillis: 10_000, baseMillis: 100)) }
        while !stopFlag.isStopped, !interrupt.isStopped {
            for (index, launcher) in launchers.enumerated() {
                if let core = launcher.core, !core.isRunning {
                    state.withLock { $0.failure = "the core of \"\(out[index].id)\" exited (\(core.exitDescription))" }
                    return
                }
                let client = clients[index]
                supervisors[index].tick(launcher: launcher) { report in
                    _ = try? client.run(.reportSupervision(.with { $0.report = report }))
                }
                while case .event(_, let envelope)? = try? subscribers[index].next(timeoutMilliseconds: 0) {
                    if case .pluginGone(let gone) = envelope.payload { supervisors[index].pluginGone(gone, launcher: launcher) }
                }
            }
            usleep(50_000)
        }
    }
}

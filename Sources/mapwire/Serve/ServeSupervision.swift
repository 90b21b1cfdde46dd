import Foundation
import MapWireBus
import MapWireClient
import MapWireDemo
import MapWireProcess
import MapWireProtocol
import MapWireServe
import Synchronization

/// What `mapwire serve` starts: per style, a core in its own run directory with a loader and N renderers.
struct ServeLaunchPlan: Sendable {
    struct Style: Sendable {
        let id: String
        /// The style as given (nil: the bundled demo).
        let given: String?
        /// `--center` / `--zoom` for it.
        let camera: StyleCamera
    }

    struct Launched: Sendable {
        let id: String
        let styleURL: String
        /// The style document when it is a file (served as style.json).
        let json: Data?
        let controlEndpoint: String
        let eventsEndpoint: String
        let supervision: ServeSupervision
    }

    /// The folder of this load's run directories (a reload's next to the first).
    let base: URL
    let styles: [Style]
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

    /// The same styles in another folder (a reload).
    func moved(to base: URL) -> ServeLaunchPlan {
        ServeLaunchPlan(base: base, styles: styles, renderers: renderers, cache: cache, rewrite: rewrite, tcp: tcp)
    }
}

/// One style's core and plugins, started on a thread of its own (launching and supervising block on
/// zmq_poll and waitpid, never on the cooperative pool) and supervised as `mapwire up` does: a plugin
/// that exits or hangs is started again; a core that exits is a failure the server acts on.
final class ServeSupervision: Sendable {
    private let stopFlag = StopFlag()
    private let state = Mutex<(failure: String?, finished: Bool)>((nil, false))

    var failure: String? { state.withLock { $0.failure } }

    /// Starts every style of `plan`, one after the other.
    static func start(_ plan: ServeLaunchPlan, stop interrupt: StopFlag) async throws -> [ServeLaunchPlan.Launched] {
        var launched: [ServeLaunchPlan.Launched] = []
        do {
            for index in plan.styles.indices { launched.append(try await start(plan, index: index, stop: interrupt)) }
        } catch {
            await stop(launched)
            throw error
        }
        return launched
    }

    static func start(_ plan: ServeLaunchPlan, index: Int, stop interrupt: StopFlag) async throws -> ServeLaunchPlan.Launched {
        let supervision = ServeSupervision()
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                supervision.run(plan, index: index, interrupt: interrupt) { result in continuation.resume(with: result) }
            }
            thread.name = "mapwire-serve-supervisor"
            thread.start()
        }
    }

    /// The first failure among `launched`, if any.
    static func failure(_ launched: [ServeLaunchPlan.Launched]) -> String? { launched.lazy.compactMap(\.supervision.failure).first }

    /// Stops the cores and plugins and waits (at most 15 s) until they are gone.
    static func stop(_ launched: [ServeLaunchPlan.Launched]) async {
        for style in launched { style.supervision.stopFlag.stop() }
        let deadline = monotonicMillis() + 15_000
        for style in launched {
            while !style.supervision.state.withLock({ $0.finished }), monotonicMillis() < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    private func run(_ plan: ServeLaunchPlan, index: Int, interrupt: StopFlag,
                     launched: (Result<ServeLaunchPlan.Launched, any Error>) -> Void) {
        defer { state.withLock { $0.finished = true } }
        let style = plan.styles[index]
        let id = style.id
        var started: MapLauncher?
        let launcher: MapLauncher
        let subscriber: EventSubscriber
        let client: ControlClient
        let out: ServeLaunchPlan.Launched
        do {
            var arguments = (plan.cache.map { ["--cache", $0] } ?? []) + plan.rewrite.flatMap { ["--rewrite", $0] }
            if let center = style.camera.center { arguments.append("--center=\(center.longitude),\(center.latitude)") }
            if let zoom = style.camera.zoom { arguments += ["--zoom", "\(zoom)"] }
            let options = try LaunchOptions.parse(arguments)
            // The load-status plugin publishes each source's load status (the live view shows it).
            let plugins = ["loader", "loadstatus"] + Array(repeating: "renderer", count: plan.renderers)
            let dir = RunDirectory(path: plan.base.appendingPathComponent(id).path)
            let logs = plan.base.appendingPathComponent("\(id)-logs")
            try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
            launcher = try MapLauncher(directory: dir, plugins: plugins, options: options, interrupt: interrupt,
                                       logFolder: logs, coreArguments: plan.coreArguments(index)) { Output.line("\(id): \($0)") }
            started = launcher
            if let endpoint = plan.tcpEndpoint(index) { Output.line("\(id): renderers on other hosts join at \(endpoint)") }
            subscriber = try EventSubscriber(endpoint: dir.eventsEndpoint, prefixes: ["plugin-gone"])
            client = try ControlClient(endpoint: dir.controlEndpoint)
            let styleURL = try style.given.map(StyleLocation.url)
                ?? DemoData.write(to: plan.base.appendingPathComponent("\(id)-demo", isDirectory: true)).absoluteString
            let json = URL(string: styleURL).flatMap { $0.isFileURL ? try? Data(contentsOf: $0) : nil }
            // The camera first, so the style's own centre does not replace it (set explicitly).
            try launcher.configure(client, options: options)
            try client.run(.setStyleUri(.with { $0.uri = styleURL }))
            Output.line("\(id): style \(styleURL)")
            out = .init(id: id, styleURL: styleURL, json: json, controlEndpoint: dir.controlEndpoint,
                        eventsEndpoint: dir.eventsEndpoint, supervision: self)
        } catch {
            started?.stop()
            return launched(.failure(error))
        }
        defer { launcher.stop() }
        launched(.success(out))
        let supervisor = Supervisor(schedule: RestartSchedule(maxRestarts: 5, windowMillis: 10_000, baseMillis: 100))
        while !stopFlag.isStopped, !interrupt.isStopped {
            if let core = launcher.core, !core.isRunning {
                state.withLock { $0.failure = "the core of \"\(id)\" exited (\(core.exitDescription))" }
                return
            }
            supervisor.tick(launcher: launcher) { report in
                _ = try? client.run(.reportSupervision(.with { $0.report = report }))
            }
            while case .event(_, let envelope)? = try? subscriber.next(timeoutMilliseconds: 0) {
                if case .pluginGone(let gone) = envelope.payload { supervisor.pluginGone(gone, launcher: launcher) }
            }
            usleep(50_000)
        }
    }
}

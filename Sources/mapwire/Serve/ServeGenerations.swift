import Foundation
import MapWireProcess
import MapWireServe

/// The styles `mapwire serve` runs, and how a reload (SIGHUP, `POST /admin/reload`) replaces them without
/// a restart: every style is read again and started with a new core beside the running one; once the new
/// core has settled, it is swapped in if it is ready (or the old one was not); the old core then finishes
/// the requests it has and is stopped. Requests keep coming all along: each takes the style of its
/// moment, so none is dropped. A new core that fails leaves the running one serving, and says so.
actor ServeGenerations {
    struct Running {
        let style: ServedStyle
        let launched: ServeLaunchPlan.Launched
    }

    struct Settings {
        let plan: ServeLaunchPlan
        let maxWaiting: Int
        let renderTimeoutMilliseconds: Int
        /// How long a reload waits for new cores to settle before it keeps the running ones.
        var settleTimeoutMilliseconds: Int64 = 120_000
    }

    let registry: StyleRegistry
    let settings: Settings
    private let interrupt: StopFlag
    private var hubs: [String: LiveHub] = [:]
    private var running: [String: Running] = [:]
    private var generation = 1
    private var reloading: Task<ReloadOutcome, Never>?

    /// Starts the first generation of every style.
    init(settings: Settings, interrupt: StopFlag) async throws {
        self.settings = settings
        self.interrupt = interrupt
        let launched = try await ServeSupervision.start(settings.plan, stop: interrupt)
        let styles = await Self.served(launched, plan: settings.plan, generation: 1, maxWaiting: settings.maxWaiting)
        registry = StyleRegistry(styles.map(\.style))
        for style in styles { running[style.style.id] = style }
    }

    /// The live view's hubs, one per style, following the styles' cores through reloads.
    func makeHubs() async -> [String: LiveHub] {
        for style in registry.all where hubs[style.id] == nil {
            let hub = LiveHub(style: style)
            await hub.attach(style)
            hubs[style.id] = hub
        }
        return hubs
    }

    /// A core of a style served now ended: the server fails.
    var failure: String? { ServeSupervision.failure(running.values.map(\.launched)) }

    /// Asks every style served now for its state (readiness, renderers, metrics).
    func refreshAll(metrics: ServeMetrics) async {
        for style in registry.all { await style.refresh(metrics: metrics) }
    }

    /// Stops every core (the server stops).
    func stopAll() async {
        for hub in hubs.values { await hub.detach() }
        let all = Array(running.values)
        running = [:]
        for item in all { item.style.bridge.stop() }
        await ServeSupervision.stop(all.map(\.launched))
    }

    /// Reloads every style; a reload asked for while one runs gets that one's outcome.
    func reload(metrics: ServeMetrics) async -> ReloadOutcome {
        if let reloading { return await reloading.value }
        let task = Task { await self.reloadNow(metrics: metrics) }
        reloading = task
        let outcome = await task.value
        reloading = nil
        return outcome
    }

    private func reloadNow(metrics: ServeMetrics) async -> ReloadOutcome {
        guard settings.plan.tcp == nil else {
            return ReloadOutcome(ok: false, message: "a server with --tcp cannot reload (renderers on other hosts are bound to its cores' ports): restart it")
        }
        let next = generation + 1
        var outcomes: [(String, String)] = []
        // A style file that went away is not started again: the running style stays.
        let plan = settings.plan
        let present = plan.styles.filter { style in
            guard let given = style.given, !given.contains("://") else { return true }
            if FileManager.default.fileExists(atPath: given) { return true }
            outcomes.append((style.id, "kept: the style file is missing"))
            return false
        }
        let fresh = ServeLaunchPlan(base: plan.base.appendingPathComponent("reload-\(next)"), styles: present, renderers: plan.renderers,
                                    cache: plan.cache, rewrite: plan.rewrite)
        let launched: [ServeLaunchPlan.Launched]
        do { launched = try await ServeSupervision.start(fresh, stop: interrupt) }
        catch { return ReloadOutcome(ok: false, message: "the new cores did not start: \(error)", styles: outcomes) }
        generation = next
        let candidates = await Self.served(launched, plan: fresh, generation: next, maxWaiting: settings.maxWaiting)
        // Until each new core has settled (ready or failed), or the wait is over.
        let deadline = monotonicMillis() + settings.settleTimeoutMilliseconds
        while monotonicMillis() < deadline, !interrupt.isStopped {
            var settled = true
            for candidate in candidates where !(await candidate.style.refresh(metrics: metrics)).isSettled { settled = false }
            if settled { break }
            try? await Task.sleep(for: .milliseconds(200))
        }
        var retired: [Running] = []
        var swapped = 0
        for candidate in candidates {
            let id = candidate.style.id
            let old = running[id]
            let new = candidate.style.state
            let oldReady = old?.style.state.isReady ?? false
            guard new.isReady || (new.isSettled && !oldReady) else {
                outcomes.append((id, "kept generation \(old?.style.generation ?? 0): the new core \(Self.words(new))"))
                retired.append(candidate)
                continue
            }
            registry.replace(with: candidate.style)
            running[id] = candidate
            await hubs[id]?.attach(candidate.style)
            if let old { retired.append(old) }
            swapped += 1
            outcomes.append((id, new.isReady ? "reloaded (generation \(next))" : "reloaded (generation \(next)) and \(Self.words(new))"))
        }
        let order = plan.styles.map(\.id)
        outcomes.sort { (order.firstIndex(of: $0.0) ?? 0) < (order.firstIndex(of: $1.0) ?? 0) }
        // The cores swapped out finish what they draw, then stop; they no longer get new requests.
        let drainMilliseconds = Int64(settings.renderTimeoutMilliseconds) + 5000
        Task { await Self.retire(retired, drainMilliseconds: drainMilliseconds) }
        let ok = swapped == plan.styles.count
        return ReloadOutcome(ok: ok, message: ok ? "every style reloaded" : "\(swapped) of \(plan.styles.count) styles reloaded",
                             styles: outcomes)
    }

    private static func words(_ health: StyleHealth) -> String {
        switch health {
        case .ready: "is ready"
        case .starting(let why): "did not settle: \(why)"
        case .failed(let failure): "failed: \(failure.message)"
        }
    }

    /// Waits until no request uses the styles (at most `drainMilliseconds`), then stops their cores.
    private static func retire(_ styles: [Running], drainMilliseconds: Int64) async {
        let deadline = monotonicMillis() + drainMilliseconds
        while monotonicMillis() < deadline, styles.contains(where: { $0.style.requestsInFlight > 0 }) {
            try? await Task.sleep(for: .milliseconds(50))
        }
        for item in styles { item.style.bridge.stop() }
        await ServeSupervision.stop(styles.map(\.launched))
    }

    /// The styles as served: a URL style's document fetched as the loader fetches it (style.json).
    private static func served(_ launched: [ServeLaunchPlan.Launched], plan: ServeLaunchPlan, generation: Int,
                               maxWaiting: Int) async -> [Running] {
        var out: [Running] = []
        for item in launched {
            var json = item.json
            var missing = false
            if json == nil {
                do { json = ClientStyle.reachable(try await ClientStyle.fetch(item.styleURL, rewrites: plan.rewrite), base: item.styleURL) }
                catch {
                    missing = ClientStyle.isMissing(error)
                    MonitorCommand.warn("mapwire serve: \(item.id): style.json cannot be served: \(error)")
                }
            }
            let camera = plan.styles.first { $0.id == item.id }?.camera ?? StyleCamera()
            let style = ServedStyle(id: item.id, location: item.styleURL, json: json, controlEndpoint: item.controlEndpoint,
                                    eventsEndpoint: item.eventsEndpoint, documentMissing: missing, camera: camera,
                                    generation: generation, renderers: max(1, plan.renderers), maxWaiting: maxWaiting)
            out.append(Running(style: style, launched: item))
        }
        return out
    }
}

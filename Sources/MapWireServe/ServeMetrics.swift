import Foundation
import MapWireProtocol
import Prometheus
import Synchronization

/// The server's Prometheus metrics (`/metrics`): requests, latencies, render times, the tile cache,
/// and, per style, the core's plugins and counters as its last get-state showed them.
public final class ServeMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let cacheHits: Counter
    private let cacheMisses: Counter
    private let renderSeconds: DurationHistogram
    /// The last count each core counter was seen at, by metric and style.
    private let lastCounts = Mutex<[String: UInt64]>([:])

    static let latencyBuckets: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                                             .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                                             .seconds(2.5), .seconds(5), .seconds(10)]

    public init() {
        cacheHits = registry.makeCounter(descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: "cache_hits", unitName: "total",
                                                           helpText: "Images answered from the in-memory cache of rendered images."))
        cacheMisses = registry.makeCounter(descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: "cache_misses", unitName: "total",
                                                             helpText: "Images that had to be rendered."))
        renderSeconds = registry.makeDurationHistogram(
            descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: "render_duration", unitName: "seconds",
                              helpText: "From asking the core for a view to its drawn image (tiles loaded and drawn)."),
            buckets: Self.latencyBuckets)
    }

    public func request(kind: String, status: Int, duration: Duration) {
        registry.makeCounter(descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: "requests", unitName: "total",
                                               helpText: "HTTP requests by route kind and status."),
                             labels: [("kind", kind), ("status", "\(status)")]).increment()
        registry.makeDurationHistogram(descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: "request_duration", unitName: "seconds",
                                                         helpText: "HTTP request latency by route kind."),
                                       labels: [("kind", kind)], buckets: Self.latencyBuckets).record(duration)
    }

    public func cache(hit: Bool) { (hit ? cacheHits : cacheMisses).increment() }

    public func rendered(in duration: Duration) { renderSeconds.record(duration) }

    /// The core's state for one style: plugins per role, and its counters (bus events and requests).
    /// `generation`: which core of the style it is (a reload starts a new one, counting from 0).
    public func coreState(style: String, generation: Int = 1, _ state: Mapwire_V1_CoreStateSnapshot) {
        var perRole: [String: Int] = [PluginRole.loader: 0, PluginRole.renderer: 0]
        for plugin in state.plugins { for role in plugin.roles { perRole[role, default: 0] += 1 } }
        for (role, count) in perRole {
            gauge("plugins", "Plugins registered with the style's core, by role.", style, [("role", role)]).set(to: Double(count))
        }
        gauge("ready", "1 when the style's core has loaded its style and has a renderer.", style, [])
            .set(to: state.loadPhase == "loaded" && perRole[PluginRole.renderer, default: 0] > 0 ? 1 : 0)
        let c = state.counters
        counter("core_events_published", generation: generation, "Events the style's cores published on their bus.", style, c.eventsPublished)
        counter("core_requests_sent", generation: generation, "Plugin requests the style's cores sent.", style, c.requestsSent)
        counter("core_requests_retried", generation: generation, "Plugin requests sent again after a timeout.", style, c.requestsRetried)
        counter("core_plugins_gone", generation: generation, "Plugins the style's cores declared gone.", style, c.pluginsGone)
        gauge("core_pending_requests", "Plugin requests without an answer yet.", style, []).set(to: Double(state.pendingRequests))
    }

    /// A core's own count, as a Prometheus counter: it grows by what the core counted since the last look.
    /// A new core (a reload) counts from 0; a count that went down is a restarted one: all of it is new.
    private func counter(_ name: String, generation: Int, _ help: String, _ style: String, _ value: UInt64) {
        let grown = lastCounts.withLock { last -> UInt64 in
            let key = "\(name) \(style) \(generation)"
            let before = last[key] ?? 0
            last[key] = value
            return value >= before ? value - before : value
        }
        let counter = registry.makeCounter(descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: name, unitName: "",
                                                             helpText: help), labels: [("style", style)])
        if grown > 0 { counter.increment(by: Int64(clamping: grown)) }
    }

    private func gauge(_ name: String, _ help: String, _ style: String, _ labels: [(String, String)]) -> Gauge {
        registry.makeGauge(descriptor: .init(namespace: "mapwire", subsystem: "serve", metricName: name, unitName: "",
                                             helpText: help), labels: [("style", style)] + labels)
    }

    public func text() -> String { registry.emitToString() }
}

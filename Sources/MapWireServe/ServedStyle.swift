import Foundation
import MapWireProtocol
import Synchronization

/// One style the server serves: its id, its style JSON (for style.json and TileJSON), the bridge to
/// its core, and whether that core is ready (style loaded, a renderer registered).
public final class ServedStyle: Sendable {
    public let id: String
    /// The style as given (a URL or a file URL).
    public let location: String
    /// The style document: read from its file, or a URL's as ClientStyle fetched it (nil when it could
    /// not be: style.json then redirects to the URL).
    public let json: Data?
    public let bridge: CoreBridge
    /// The core's events endpoint (the live view's event stream).
    public let eventsEndpoint: String
    private let readiness = Mutex(false)

    public init(id: String, location: String, json: Data?, controlEndpoint: String, eventsEndpoint: String = "") {
        self.id = id
        self.eventsEndpoint = eventsEndpoint
        self.location = location
        self.json = json
        bridge = CoreBridge(endpoint: controlEndpoint)
    }

    public var isReady: Bool { readiness.withLock { $0 } }

    /// Asks the core for its state: ready when the style loaded and a renderer is registered.
    @discardableResult
    public func refresh(metrics: ServeMetrics) async -> Bool {
        guard let reply = try? await bridge.send(.getState(.init()), timeoutMilliseconds: 2000), reply.ok else {
            readiness.withLock { $0 = false }
            return false
        }
        let state = reply.state
        metrics.coreState(style: id, state)
        let ready = state.loadPhase == "loaded" && state.plugins.contains { $0.roles.contains(PluginRole.renderer) }
        readiness.withLock { $0 = ready }
        return ready
    }

    /// The style's name and centre from its JSON, for TileJSON.
    var summary: (name: String, center: [Double]?, zoom: Double?) {
        guard let json, let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return (id, nil, nil) }
        let center = (object["center"] as? [NSNumber])?.map(\.doubleValue)
        return ((object["name"] as? String) ?? id, center, (object["zoom"] as? NSNumber)?.doubleValue)
    }
}

import Foundation
import MapWireProtocol
import MapWireServeInput
import Synchronization

/// One style the server serves: its id, its style JSON (for style.json and TileJSON), the bridge to
/// its core, where that core stands (StyleHealth), the gate that paces its views, and how many requests
/// are using it (a reload retires it once none is).
public final class ServedStyle: Sendable {
    public let id: String
    /// The style as given (a URL or a file URL).
    public let location: String
    /// The style document: read from its file, or a URL's as ClientStyle fetched it (nil when it could
    /// not be: style.json then says why).
    public let json: Data?
    /// The server's fetch of the style got 404 (or its file is missing).
    public let documentMissing: Bool
    public let bridge: CoreBridge
    /// The core's events endpoint (the live view's event stream).
    public let eventsEndpoint: String
    /// `--center` and `--zoom` for this style (TileJSON and the live view), over the style's own.
    public let camera: StyleCamera
    /// Which load of the server this is (1, then +1 per reload): part of every cached image's key.
    public let generation: Int
    public let gate: RenderGate
    private let health = Mutex(StyleHealth.starting("the core has not answered yet"))
    private let requests = Mutex(0)

    public init(id: String, location: String, json: Data?, controlEndpoint: String, eventsEndpoint: String = "",
                documentMissing: Bool = false, camera: StyleCamera = StyleCamera(), generation: Int = 1,
                renderers: Int = 1, maxWaiting: Int = 64) {
        self.id = id
        self.eventsEndpoint = eventsEndpoint
        self.location = location
        self.json = json
        self.documentMissing = documentMissing
        self.camera = camera
        self.generation = generation
        gate = RenderGate(renderers: renderers, maxWaiting: maxWaiting)
        bridge = CoreBridge(endpoint: controlEndpoint)
    }

    public var state: StyleHealth { health.withLock { $0 } }
    public var isReady: Bool { state.isReady }

    /// Asks the core for its state: ready when the style loaded and a renderer is registered.
    @discardableResult
    public func refresh(metrics: ServeMetrics) async -> StyleHealth {
        guard let reply = try? await bridge.send(.getState(.init()), timeoutMilliseconds: 2000), reply.ok else {
            // A failed style stays failed: only a reload starts it again.
            return health.withLock { h in
                if case .failed = h { return h }
                h = .starting("the core does not answer")
                return h
            }
        }
        metrics.coreState(style: id, generation: generation, reply.state)
        gate.setRenderers(reply.state.plugins.filter { $0.roles.contains(PluginRole.renderer) }.count)
        let now = StyleHealth.of(reply.state, documentMissing: documentMissing)
        record(now)
        return now
    }

    func record(_ state: StyleHealth) { health.withLock { $0 = state } }

    /// Runs `body` as one request on this style (a reload waits for it before stopping the core).
    public func serving<T>(_ body: () async throws -> T) async rethrows -> T {
        requests.withLock { $0 += 1 }
        defer { requests.withLock { $0 -= 1 } }
        return try await body()
    }

    /// Requests using this style now.
    public var requestsInFlight: Int { requests.withLock { $0 } }

    /// The style's name, centre and zoom for TileJSON: `--center`/`--zoom` over the style's own.
    var summary: (name: String, center: [Double]?, zoom: Double?) {
        let object = json.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let center = camera.center.map { [$0.longitude, $0.latitude] } ?? (object?["center"] as? [NSNumber])?.map(\.doubleValue)
        let zoom = camera.zoom ?? (object?["zoom"] as? NSNumber)?.doubleValue
        return ((object?["name"] as? String) ?? id, center, zoom)
    }
}

/// A style's camera given on the command line (`--center LON,LAT`, `--zoom Z`): where TileJSON centres it
/// and where the live view starts. nil: the style's own.
public struct StyleCamera: Equatable, Sendable {
    public var center: Coordinate?
    public var zoom: Double?

    public init(center: Coordinate? = nil, zoom: Double? = nil) {
        self.center = center
        self.zoom = zoom
    }

    /// `LON,LAT` on the map (latitude within Web Mercator's ±85.05°), or why not.
    public static func center(_ text: String) -> Result<Coordinate, ServeFailure> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lon = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let lat = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              lon.isFinite, lat.isFinite, (-180...180).contains(lon), (-85.05...85.05).contains(lat) else {
            return .failure(ServeFailure(status: 400, message: "--center is LON,LAT with -180…180 and -85.05…85.05: \(text.prefix(60))"))
        }
        return .success(Coordinate(longitude: lon, latitude: lat))
    }

    /// A zoom of 0 to 24 (the engine's, in 512 px tiles, as in a style's "zoom"), or why not.
    public static func zoom(_ text: String) -> Result<Double, ServeFailure> {
        guard let zoom = Double(text), zoom.isFinite, (0...Double(ServeRoute.maxZoom)).contains(zoom) else {
            return .failure(ServeFailure(status: 400, message: "--zoom is 0 to \(ServeRoute.maxZoom): \(text.prefix(60))"))
        }
        return .success(zoom)
    }
}

import Foundation
import MapWireProtocol

/// Where one served style stands, as its core's get-state shows it: still starting (503 and
/// `Retry-After` until it settles), ready, or failed for good (404 when its document is missing, 502 when
/// it could not be loaded or used: never 503 forever; reload the server once it is fixed).
public enum StyleHealth: Equatable, Sendable {
    case starting(String)
    case ready
    case failed(ServeFailure)

    /// From the core's state. `documentMissing`: the server's own fetch of the style got 404 (or no file).
    public static func of(_ state: Mapwire_V1_CoreStateSnapshot, documentMissing: Bool = false) -> StyleHealth {
        switch state.loadPhase {
        case "failed":
            let map = state.loadStatus.statuses.first { $0.target == Mapwire_V1_LoadStatusChanged.mapTarget }
            let why = map?.hasError == true ? map!.error : "the style could not be loaded"
            let missing = documentMissing || why.contains("(not-found)") || why.contains("No such file")
            return .failed(ServeFailure(status: missing ? 404 : 502, message: "the style failed to load: \(why)",
                                        retryAfterSeconds: missing ? nil : 60))
        case "loaded":
            guard state.plugins.contains(where: { $0.roles.contains(PluginRole.renderer) }) else {
                return .starting("no renderer is registered yet")
            }
            return .ready
        case "", "empty": return .starting("the core has no style yet")
        default: return .starting("the style is loading (\(state.loadPhase))")
        }
    }

    public var isReady: Bool { self == .ready }

    /// Ready or failed: nothing more will change without a reload.
    public var isSettled: Bool {
        if case .starting = self { return false }
        return true
    }

    /// `ready`, `starting` or `failed` (the /health document's words).
    public var word: String {
        switch self {
        case .starting: "starting"
        case .ready: "ready"
        case .failed: "failed"
        }
    }
}

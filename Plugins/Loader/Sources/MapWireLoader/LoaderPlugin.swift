import Foundation
import Logging
import MapWirePluginKit
import MapWireProtocol

/// The loader plugin: registers with role "loader" and answers load-resource requests.
public enum LoaderPlugin {
    public static let description = PluginDescription(
        name: "mapwire-loader", roles: ["loader"], capabilities: ["scheme:file", "scheme:mbtiles", "scheme:pmtiles", "rewrite"])

    /// The reply to one request (nil for requests that need none, such as cancels).
    public static func answer(_ request: Mapwire_V1_PluginRequest, with loader: ResourceLoader) -> Mapwire_V1_PluginReply? {
        switch request.kind {
        case .loadResource(let load):
            return .with { $0.id = request.id; $0.resource = loader.load(load) }
        case .cancel:
            // Loads finish synchronously, so there is never anything left to cancel.
            return nil
        case .renderFrame, .shouldRemoveStyleImage, .mayChangeCamera, .handleGesture, nil:
            // Requests for other roles (render, style images, camera-veto, gestures) or newer than this build.
            return RequestRefusal.answer(request, plugin: "loader", onlyDoes: "loads resources")
        }
    }
}

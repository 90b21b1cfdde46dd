import Foundation
import Logging
import MapWireBus
import MapWirePluginKit
import MapWireProtocol

/// The load-status plugin: registers with role "load-status", derives statuses from the events and
/// has the core publish each change (load-status-changed) with a publish-load-status command.
public enum LoadStatusPlugin {
    public static let description = PluginDescription(name: "mapwire-loadstatus", roles: [PluginRole.loadStatus])

    /// The topics the tracker reads; everything else the core publishes is not subscribed to, so a
    /// busy map does not flood the plugin with frames.
    public static let topics = [
        "resource-request", "style-data-loaded", "camera-changed", "camera-will-change", "source-added",
        "source-data-loaded", "source-removed", "map-loading-error", "map-loaded", "map-idle",
    ]

    /// Role requests: this plugin does none of the core's work, so every request is refused.
    public static func answer(_ request: Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply? {
        RequestRefusal.answer(request, plugin: PluginRole.loadStatus)
    }
}

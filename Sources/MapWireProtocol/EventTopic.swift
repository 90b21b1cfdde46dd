/// The topic frame of each event: the documented event name in kebab case. Subscribers filter by prefix.
extension Mapwire_V1_Envelope.OneOf_Payload {
    public var topic: String {
        switch self {
        case .mapLoaded: "map-loaded"
        case .mapLoadingError: "map-loading-error"
        case .mapIdle: "map-idle"
        case .styleDataLoaded: "style-data-loaded"
        case .styleLoaded: "style-loaded"
        case .styleImageMissing: "style-image-missing"
        case .styleImageRemoveUnused: "style-image-remove-unused"
        case .sourceDataLoaded: "source-data-loaded"
        case .sourceAdded: "source-added"
        case .sourceRemoved: "source-removed"
        case .renderFrameStarted: "render-frame-started"
        case .renderFrameFinished: "render-frame-finished"
        case .cameraChanged: "camera-changed"
        case .resourceRequest: "resource-request"
        case .cameraWillChange: "camera-will-change"
        case .cameraIsChanging: "camera-is-changing"
        case .cameraDidChange: "camera-did-change"
        case .mapWillStartLoading: "map-will-start-loading"
        case .mapDidFailLoading: "map-did-fail-loading"
        case .willStartRenderingMap: "will-start-rendering-map"
        case .didFinishRenderingMap: "did-finish-rendering-map"
        case .gesture: "gesture"
        case .viewportStatusChanged: "viewport-status-changed"
        case .viewportTargetCamera: "viewport-target-camera"
        case .loadStatusChanged: "load-status-changed"
        case .willStartLocatingUser: "will-start-locating-user"
        case .didStopLocatingUser: "did-stop-locating-user"
        case .userLocationUpdated: "user-location-updated"
        case .didFailToLocateUser: "did-fail-to-locate-user"
        case .trackingModeChanged: "tracking-mode-changed"
        case .pluginGone: "plugin-gone"
        case .pluginSupervision: "plugin-supervision"
        case .welcome: "welcome"
        }
    }
}

/// Every topic the core publishes in this protocol version, in the order PROTOCOL.md lists them.
public let mapWireEventTopics: [String] = [
    "map-loaded", "map-loading-error", "map-idle", "style-data-loaded", "style-loaded",
    "style-image-missing", "style-image-remove-unused", "source-data-loaded", "source-added",
    "source-removed", "render-frame-started", "render-frame-finished", "camera-changed", "resource-request",
    "camera-will-change", "camera-is-changing", "camera-did-change",
    "map-will-start-loading", "map-did-fail-loading", "will-start-rendering-map", "did-finish-rendering-map",
    "gesture",
    "viewport-status-changed", "viewport-target-camera",
    "load-status-changed",
    "will-start-locating-user", "did-stop-locating-user", "user-location-updated", "did-fail-to-locate-user",
    "tracking-mode-changed",
    "plugin-gone", "plugin-supervision",
]

extension Mapwire_V1_Envelope.OneOf_Payload {
    /// False for bus messages (the subscriber welcome), which are not map events.
    public var isMapEvent: Bool {
        if case .welcome = self { return false }
        return true
    }
}

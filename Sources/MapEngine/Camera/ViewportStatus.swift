/// Where the viewport is; the core emits an event for every change.
public enum ViewportStatus: Equatable, Sendable {
    case idle
    /// In a state (named by `ViewportState.name`), which drives the camera.
    case state(String)
    /// Moving from a state (or "idle") into another.
    case transition(from: String, to: String)

    /// The state this status is in or heading into ("idle" when idle).
    public var stateName: String {
        switch self {
        case .idle: "idle"
        case .state(let name): name
        case .transition(_, let to): to
        }
    }
}

public struct ViewportStatusChange: Equatable, Sendable {
    public var from: ViewportStatus
    public var to: ViewportStatus

    public init(from: ViewportStatus, to: ViewportStatus) {
        self.from = from
        self.to = to
    }
}

/// What the core does after a `ViewportController` call.
public struct ViewportUpdate: Equatable, Sendable {
    /// Apply this camera (nil: leave the camera alone).
    public var camera: Camera?
    /// Status changes in the order they happened; one event each.
    public var statusChanges: [ViewportStatusChange]
    /// The state's latest target, also when it is not driving the camera (seed 001's data source).
    public var target: Camera?

    public init(camera: Camera? = nil, statusChanges: [ViewportStatusChange] = [], target: Camera? = nil) {
        self.camera = camera
        self.statusChanges = statusChanges
        self.target = target
    }
}

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

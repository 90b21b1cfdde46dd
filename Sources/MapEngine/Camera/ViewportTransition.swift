import MapWireGeometry

/// How the viewport moves the camera into a new state.
public enum ViewportTransition: Equatable, Sendable {
    /// A fly-to (van Wijk–Nuij path) with the automatic duration, which is short for short distances,
    /// capped at `maxDuration` seconds.
    case `default`(maxDuration: Double = 3.5)
    /// Jump straight to the state's target.
    case immediate

    /// The animation from `current` to `target` this transition runs.
    public func animation(from current: Camera, to target: Camera, size: ViewportSize) -> CameraAnimation {
        switch self {
        case .default(let maxDuration):
            return .fly(from: current, to: target, size: size, options: FlyOptions(maxDuration: maxDuration))
        case .immediate:
            return .jump(to: target)
        }
    }
}

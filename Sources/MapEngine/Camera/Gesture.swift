import MapWireGeometry

/// The eight gesture types the map recognises (those of the HERE NMAMapGestureDelegate reference),
/// without their parameters: what claimed regions list and what a delegate can say it implements.
public enum GestureKind: String, CaseIterable, Hashable, Sendable {
    case tap, doubleTap, longPress, pan, pinch, rotation, twoFingerPan, twoFingerTap
}

/// A recognised gesture with its parameters. All values are since the previous callback of the same
/// gesture (or its beginning), not totals, and every location is in screen px (origin top-left, y down).
public enum Gesture: Equatable, Sendable {
    case tap(at: ScreenPoint)
    case doubleTap(at: ScreenPoint)
    case longPress(at: ScreenPoint)
    /// `translation` is how far the finger moved; `location` is where it is now.
    case pan(translation: ScreenPoint, at: ScreenPoint)
    /// `scale` is the relative change of the finger distance (1.2: 20 % further apart).
    case pinch(scale: Double, at: ScreenPoint)
    /// `degrees` of rotation, positive clockwise on screen.
    case rotation(degrees: Double, at: ScreenPoint)
    /// `translation` of the two fingers together (y down).
    case twoFingerPan(translation: ScreenPoint, at: ScreenPoint)
    case twoFingerTap(at: ScreenPoint)

    public var kind: GestureKind {
        switch self {
        case .tap: .tap
        case .doubleTap: .doubleTap
        case .longPress: .longPress
        case .pan: .pan
        case .pinch: .pinch
        case .rotation: .rotation
        case .twoFingerPan: .twoFingerPan
        case .twoFingerTap: .twoFingerTap
        }
    }

    /// Where the gesture happened: what claimed regions are tested against.
    public var location: ScreenPoint {
        switch self {
        case .tap(let p), .doubleTap(let p), .longPress(let p), .twoFingerTap(let p): p
        case .pan(_, let p), .pinch(_, let p), .rotation(_, let p), .twoFingerPan(_, let p): p
        }
    }
}

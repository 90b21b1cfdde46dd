import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Translations between the protocol's gesture messages and the engine's pure gesture types.
extension Mapwire_V1_GestureKind {
    /// The engine's kind; nil for "unspecified" and values from a newer protocol.
    var engineKind: GestureKind? {
        switch self {
        case .tap: .tap
        case .doubleTap: .doubleTap
        case .longPress: .longPress
        case .pan: .pan
        case .pinch: .pinch
        case .rotation: .rotation
        case .twoFingerPan: .twoFingerPan
        case .twoFingerTap: .twoFingerTap
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Mapwire_V1_Gesture {
    static let largestOffset = 10_000_000.0
    static let largestDegrees = 1_000_000.0
    static let smallestScale = 1e-6
    static let largestScale = 1e6

    /// The engine's gesture with its parameters; throws on what the chain cannot work with.
    func engineGesture() throws(MapCommandError) -> Gesture {
        guard let kind = kind.engineKind else { throw MapCommandError("a gesture needs a known kind") }
        let numbers = [location.x, location.y, translation.x, translation.y, scale, degrees]
        guard numbers.allSatisfy(\.isFinite) else { throw MapCommandError("gesture values must be finite numbers") }
        // Screen points and movements within ±10,000,000 px, angles within ±1,000,000 degrees (PROTOCOL.md 7.9):
        // far past any screen, and small enough that the camera's arithmetic cannot overflow.
        guard [location.x, location.y, translation.x, translation.y].allSatisfy({ $0.magnitude <= Self.largestOffset }),
              degrees.magnitude <= Self.largestDegrees else {
            throw MapCommandError("gesture points and translations must be within ±10,000,000 px and degrees within ±1,000,000")
        }
        let at = ScreenPoint(x: location.x, y: location.y)
        let moved = ScreenPoint(x: translation.x, y: translation.y)
        switch kind {
        case .tap: return .tap(at: at)
        case .doubleTap: return .doubleTap(at: at)
        case .longPress: return .longPress(at: at)
        case .twoFingerTap: return .twoFingerTap(at: at)
        case .pan: return .pan(translation: moved, at: at)
        case .twoFingerPan: return .twoFingerPan(translation: moved, at: at)
        case .rotation: return .rotation(degrees: degrees, at: at)
        case .pinch:
            // 0 is also what an unset field reads as: a pinch without a scale is a mistake, not "no change".
            guard scale > 0 else { throw MapCommandError("a pinch needs a scale > 0 (1 is no change)") }
            guard (Self.smallestScale...Self.largestScale).contains(scale) else {
                throw MapCommandError("a pinch's scale must be within 0.000001 to 1,000,000")
            }
            return .pinch(scale: scale, at: at)
        }
    }

    /// Taps and the long press are over as soon as they are recognised, and so is any gesture sent
    /// without a phase: each command is then both its began and its ended.
    var isSingleShot: Bool {
        guard phase != .unspecified else { return true }
        return [.tap, .doubleTap, .longPress, .twoFingerTap].contains(kind)
    }

    /// This command puts the gesture in progress (map-idle waits for it).
    var begins: Bool { isSingleShot || phase == .began }
    /// This command ends the gesture (map-idle may come again).
    var ends: Bool { isSingleShot || phase == .ended }
}

extension Mapwire_V1_GestureAnswer.Answer {
    var engineAnswer: GestureAnswer {
        switch self {
        case .handled: .handled
        case .handledAndRunDefault: .handledAndRunDefault
        // A value from a newer protocol is not a promise to have handled anything.
        case .notHandled, .UNRECOGNIZED: .notHandled
        }
    }
}

extension Mapwire_V1_ScreenRect {
    var engineRect: ScreenRect { ScreenRect(x: x, y: y, width: width, height: height) }
}

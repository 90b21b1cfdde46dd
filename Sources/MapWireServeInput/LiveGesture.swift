import Foundation
import MapWireProtocol

/// A browser's gesture message: {"kind": "pan", "phase": "began|changed|ended", "x", "y", "dx", "dy",
/// "scale", "degrees"}, kinds as PROTOCOL.md names them (tap, double-tap, pan, pinch, rotation, two-finger-pan).
/// Every number is range-checked here, before it reaches the core: a page may send anything.
public enum LiveGesture {
    /// Points and translations in the map's logical px: a view is at most 8192 px a side (PROTOCOL.md 7.11),
    /// and a drag may leave it by as much again.
    public static let maxPixels = 16_384.0
    /// A pinch's scale for one message (a wheel turn of a few thousand px is about 0.001).
    public static let scaleRange = 0.001...1000.0
    /// A rotation's degrees for one message.
    public static let maxDegrees = 360.0

    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    static let kinds: [String: Mapwire_V1_GestureKind] = [
        "tap": .tap, "double-tap": .doubleTap, "long-press": .longPress, "pan": .pan, "pinch": .pinch,
        "rotation": .rotation, "two-finger-pan": .twoFingerPan, "two-finger-tap": .twoFingerTap,
    ]
    static let phases: [String: Mapwire_V1_GesturePhase] = ["began": .began, "changed": .changed, "ended": .ended]

    /// The gesture, or nil when the message is not one (or has a number out of range).
    public static func command(fromJSON text: String) -> Mapwire_V1_Gesture? { try? parse(text).get() }

    /// The gesture, or why it is refused. A field that is missing or not a number is 0 (a pinch's scale 1).
    public static func parse(_ text: String) -> Result<Mapwire_V1_Gesture, Refusal> {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let kindName = object["kind"] as? String else { return .failure(Refusal(description: "not a gesture")) }
        guard let kind = kinds[kindName] else { return .failure(Refusal(description: "not a gesture: \(kindName.prefix(40))")) }
        // A JSON number past Double (1e400) is infinite: refused like any other number out of range.
        let number = { (key: String) -> Double in (object[key] as? NSNumber)?.doubleValue ?? 0 }
        let gesture = Mapwire_V1_Gesture.with {
            $0.kind = kind
            $0.phase = (object["phase"] as? String).flatMap { phases[$0] } ?? .unspecified
            $0.location = .with { $0.x = number("x"); $0.y = number("y") }
            $0.translation = .with { $0.x = number("dx"); $0.y = number("dy") }
            $0.scale = kind == .pinch && number("scale") == 0 ? 1 : number("scale")
            $0.degrees = number("degrees")
        }
        if let refusal = outOfRange(gesture) { return .failure(refusal) }
        return .success(gesture)
    }

    /// The first number of `gesture` outside what a browser sends, or nil.
    static func outOfRange(_ gesture: Mapwire_V1_Gesture) -> Refusal? {
        let pixels: [(String, Double)] = [("x", gesture.location.x), ("y", gesture.location.y),
                                          ("dx", gesture.translation.x), ("dy", gesture.translation.y)]
        for (name, value) in pixels where !(value.isFinite && abs(value) <= maxPixels) {
            return Refusal(description: "\(name) \(value) is outside ±\(Int(maxPixels)) px")
        }
        // 0: no scale (any gesture but a pinch); a pinch's scale is never 0 (see parse).
        guard gesture.scale == 0 || scaleRange.contains(gesture.scale) else {
            return Refusal(description: "scale \(gesture.scale) is outside \(scaleRange.lowerBound)–\(Int(scaleRange.upperBound))")
        }
        guard gesture.degrees.isFinite, abs(gesture.degrees) <= maxDegrees else {
            return Refusal(description: "degrees \(gesture.degrees) is outside ±\(Int(maxDegrees))")
        }
        return nil
    }
}

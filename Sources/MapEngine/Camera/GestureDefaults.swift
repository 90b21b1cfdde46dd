import Foundation
import MapWireGeometry

/// What the map does with a gesture nobody else handled (the default handler that ends the HERE
/// NMAMapGestureDelegate reference's subview → delegate → default chain), as pure
/// functions from the current camera to the next. Every change is anchored: the ground point under the
/// gesture stays under the fingers, for any bearing and pitch.
public enum GestureDefaults {
    /// Two-finger pan: degrees of pitch per px of vertical drag; dragging up (negative dy) tilts
    /// towards the horizon (pitch grows), dragging down flattens the view.
    public static let pitchDegreesPerPixel = 0.5

    /// The camera after the default handling of `gesture`, or nil when it does not move the camera
    /// (tap, long press, a non-positive pinch scale).
    public static func camera(after gesture: Gesture, from camera: Camera, size: ViewportSize) -> Camera? {
        switch gesture {
        case .tap, .longPress:
            return nil
        case .pan(let translation, let location):
            return pan(camera, size: size, translation: translation, to: location)
        case .pinch(let scale, let location):
            guard scale > 0, scale.isFinite else { return nil }
            return zoom(camera, size: size, by: log2(scale), about: location)
        case .rotation(let degrees, let location):
            return rotate(camera, size: size, by: degrees, about: location)
        case .doubleTap(let location):
            return zoom(camera, size: size, by: 1, about: location)
        case .twoFingerTap:
            let center = ScreenPoint(x: Double(size.width) / 2, y: Double(size.height) / 2)
            return zoom(camera, size: size, by: -1, about: center)
        case .twoFingerPan(let translation, _):
            return tilt(camera, by: translation)
        }
    }

    /// The map moves with the finger: the ground point under `location − translation` ends under `location`.
    public static func pan(_ camera: Camera, size: ViewportSize, translation: ScreenPoint, to location: ScreenPoint) -> Camera {
        let transform = Transform(camera: camera, size: size)
        let grabbed = transform.groundCoordinate(
            at: ScreenPoint(x: location.x - translation.x, y: location.y - translation.y))
        return transform.camera(placing: grabbed, at: location)
    }

    /// Zoom changes by `levels` (clamped to 0...maxZoom); the ground point under `location` stays put.
    public static func zoom(_ camera: Camera, size: ViewportSize, by levels: Double, about location: ScreenPoint) -> Camera {
        let anchor = Transform(camera: camera, size: size).groundCoordinate(at: location)
        var next = camera.clamped()
        next.zoom = min(max(next.zoom + levels, 0), Camera.maxZoom)
        return Transform(camera: next, size: size).camera(placing: anchor, at: location)
    }

    /// The map turns with the fingers: a clockwise gesture turns the map clockwise, so the bearing
    /// (the direction the screen's top faces) decreases. The ground point under `location` stays put.
    public static func rotate(_ camera: Camera, size: ViewportSize, by degrees: Double, about location: ScreenPoint) -> Camera {
        let anchor = Transform(camera: camera, size: size).groundCoordinate(at: location)
        var next = camera.clamped()
        next.bearing = Camera.normalisedBearing(next.bearing - degrees)
        return Transform(camera: next, size: size).camera(placing: anchor, at: location)
    }

    /// Pitch changes by −dy × `pitchDegreesPerPixel`, clamped to 0...maxPitch; the centre stays.
    public static func tilt(_ camera: Camera, by translation: ScreenPoint) -> Camera {
        var next = camera.clamped()
        next.pitch = min(max(next.pitch - translation.y * pitchDegreesPerPixel, 0), Camera.maxPitch)
        return next
    }
}

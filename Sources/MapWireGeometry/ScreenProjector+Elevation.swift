import Foundation

extension ScreenProjector {
    /// A point raised `elevation` camera-zoom px above the ground, projected as the camera sees it
    /// (extrusions): screen position and its distance from the camera along the view axis, for
    /// drawing far to near. The ground (elevation 0) projects as `project(x:y:)` does.
    @inline(__always)
    public func project(x: Double, y: Double, elevation: Double) -> (x: Double, y: Double, depth: Double) {
        let dx = (x - centerX) * scale, dy = (y - centerY) * scale
        let right = dx * cosBearing + dy * sinBearing
        let down = -dx * sinBearing + dy * cosBearing
        // The camera sits `distance` from the centre, tilted by the pitch: raising a point moves it
        // up the screen by sin(pitch) and toward the camera by cos(pitch).
        let depth = max(distance - down * sinPitch - elevation * cosPitch, distance * 0.01)
        let factor = distance / depth
        return (halfWidth + right * factor, halfHeight + (down * cosPitch - elevation * sinPitch) * factor, depth)
    }

    /// Camera-zoom px per world px at this projector's zoom.
    public var worldScale: Double { scale }
}

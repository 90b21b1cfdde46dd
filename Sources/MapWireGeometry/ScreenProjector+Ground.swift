extension ScreenProjector {
    /// The ground under a screen point, in px at the camera's zoom from the map's centre along the screen's
    /// axes (x to the right, y toward the bottom of the screen): the inverse of `screen(ofGround:)`, for
    /// shapes laid out on the ground (a line's width under pitch) between two projections.
    public func ground(ofScreen point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let sx = point.x - halfWidth, sy = point.y - halfHeight
        guard !isFlat else { return (sx, sy) }
        // Inverts sy = D·g·cos p / (D − g·sin p); rows at or above the true horizon stay just below it.
        let denominator = max(distance * cosPitch + sy * sinPitch, distance * 1e-6)
        let down = sy * distance / denominator
        return (sx * max(distance - down * sinPitch, distance * 0.01) / distance, down)
    }

    /// The screen point over a ground point given as `ground(ofScreen:)` gives it.
    public func screen(ofGround point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        guard !isFlat else { return (halfWidth + point.x, halfHeight + point.y) }
        let factor = distance / max(distance - point.y * sinPitch, distance * 0.01)
        return (halfWidth + point.x * factor, halfHeight + point.y * cosPitch * factor)
    }
}

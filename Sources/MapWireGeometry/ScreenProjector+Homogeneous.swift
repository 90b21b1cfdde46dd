extension ScreenProjector {
    /// `project(x:y:elevation:)` before its division: (x·w, y·w, w), linear in the point, with no
    /// clamp near the horizon. Three of these fix the perspective map of a whole plane (the ground,
    /// a roof, a wall), which patterns lying on that plane are drawn through.
    @inline(__always)
    public func homogeneous(x: Double, y: Double, elevation: Double = 0) -> (x: Double, y: Double, w: Double) {
        let dx = (x - centerX) * scale, dy = (y - centerY) * scale
        let right = dx * cosBearing + dy * sinBearing
        let down = -dx * sinBearing + dy * cosBearing
        // Flat: w is the distance itself, so x·w / w is the flat projection exactly.
        let w = isFlat ? distance - elevation : distance - down * sinPitch - elevation * cosPitch
        return (halfWidth * w + right * distance, halfHeight * w + (down * cosPitch - elevation * sinPitch) * distance, w)
    }
}

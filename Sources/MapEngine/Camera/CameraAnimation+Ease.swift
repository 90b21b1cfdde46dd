import MapWireGeometry

extension CameraAnimation {
    /// A direct transition: the centre moves along a straight line on the mercator map (across the
    /// antimeridian when shorter), zoom and pitch change linearly, bearing turns the short way round,
    /// all by `easing` of the time progress.
    ///
    /// - Parameters:
    ///   - duration: seconds; 0 or less gives a jump.
    ///   - padding: when given, the target camera is shifted so `to.center` appears at the centre of the
    ///     padded area (the shifted camera is `target`).
    ///   - size: the viewport, needed to place the padded centre.
    public static func ease(
        from: Camera, to: Camera, duration: Double, easing: CubicBezierEasing = .ease,
        padding: EdgePadding? = nil, size: ViewportSize
    ) -> CameraAnimation {
        let target = padded(to, padding: padding, size: size)
        guard duration > 0, duration.isFinite else { return jump(to: target) }
        let start = from.clamped()
        return CameraAnimation(
            start: start, target: target, duration: duration, easing: easing,
            path: .straight(CameraInterpolation(start: start, target: target)))
    }
}

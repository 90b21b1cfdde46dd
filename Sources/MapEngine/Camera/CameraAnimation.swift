import Foundation
import MapWireGeometry

/// A camera transition as a value: where it starts, where it ends, how long it takes and the path between.
/// It holds no clock: the caller (the core's frame timer) passes the seconds elapsed since it started
/// and applies `camera(at:)`. `camera(at: duration)` is exactly `target`.
///
///     let animation = CameraAnimation.fly(from: map.camera, to: destination, size: map.size)
///     // every frame: apply(animation.camera(at: now - startTime)); stop once animation.isFinished(at: now - startTime)
public struct CameraAnimation: Equatable, Sendable {
    /// The camera at elapsed 0 (clamped).
    public let start: Camera
    /// The camera at and after `duration` (clamped; for padded animations, the shifted camera).
    public let target: Camera
    /// Seconds.
    public let duration: Double
    /// Maps time progress to path progress.
    public let easing: CubicBezierEasing
    let path: Path

    enum Path: Equatable, Sendable {
        case jump
        /// Centre, zoom, bearing and pitch all move by the eased progress.
        case straight(CameraInterpolation)
        /// Centre and zoom follow van Wijk–Nuij; bearing and pitch move by the eased progress.
        case flight(CameraInterpolation, OptimalFlightPath, startZoom: Double)
    }

    init(start: Camera, target: Camera, duration: Double, easing: CubicBezierEasing, path: Path) {
        self.start = start
        self.target = target
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.easing = easing
        self.path = path
    }

    /// Goes straight to `camera` (duration 0).
    public static func jump(to camera: Camera) -> CameraAnimation {
        let target = camera.clamped()
        return CameraAnimation(start: target, target: target, duration: 0, easing: .linear, path: .jump)
    }

    /// Whether the animation is over after `elapsed` seconds (a zero-length animation is over at once).
    public func isFinished(at elapsed: Double) -> Bool {
        elapsed >= duration
    }

    /// The camera `elapsed` seconds in: `start` at or before 0, exactly `target` from `duration` on.
    public func camera(at elapsed: Double) -> Camera {
        if isFinished(at: elapsed) { return target }
        // NaN (a broken clock) stays at the start rather than spreading into the camera.
        if elapsed <= 0 || elapsed.isNaN { return start }
        let progress = easing.value(at: elapsed / duration)
        switch path {
        case .jump:
            return target
        case .straight(let line):
            let zoom = start.zoom + (target.zoom - start.zoom) * progress
            return line.camera(centerFraction: progress, zoom: zoom, fraction: progress)
        case .flight(let line, let flight, let startZoom):
            let s = progress * flight.length
            // Width is measured in start-zoom px, so the zoom rises by log2 of how much it shrank.
            let zoom = startZoom + log2(flight.w0 / flight.width(at: s))
            let centerFraction = flight.u1 < OptimalFlightPath.minimumTravel ? progress : flight.distance(at: s) / flight.u1
            return line.camera(centerFraction: centerFraction, zoom: zoom, fraction: progress)
        }
    }

    /// `camera` shifted so its centre point shows at the centre of the padded area instead of the viewport's.
    static func padded(_ camera: Camera, padding: EdgePadding?, size: ViewportSize) -> Camera {
        let camera = camera.clamped()
        guard let padding, padding != .zero else { return camera }
        return Transform(camera: camera, size: size).camera(placing: camera.center, at: padding.center(in: size))
    }
}

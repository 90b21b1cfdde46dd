import Foundation
import MapWireGeometry

/// Settings for `CameraAnimation.fly`. Defaults are those of GL map engines.
public struct FlyOptions: Equatable, Sendable {
    /// van Wijk–Nuij ρ: larger zooms out further on the way.
    public var curve: Double
    /// Path units per second when the duration is automatic.
    public var speed: Double
    /// Caps an automatic duration: a longer flight is flown faster rather than dropped.
    public var maxDuration: Double?
    /// Used when only bearing/pitch change (the path has no length): seconds for that turn.
    public var turnDuration: Double
    public var easing: CubicBezierEasing
    /// When given, the target is shifted so its centre shows at the centre of the padded area.
    public var padding: EdgePadding?

    public init(
        curve: Double = 1.42, speed: Double = 1.2, maxDuration: Double? = nil, turnDuration: Double = 0.5,
        easing: CubicBezierEasing = .ease, padding: EdgePadding? = nil
    ) {
        self.curve = curve
        self.speed = speed
        self.maxDuration = maxDuration
        self.turnDuration = turnDuration
        self.easing = easing
        self.padding = padding
    }
}

extension CameraAnimation {
    /// A flight along van Wijk & Nuij's optimal zoom-and-pan path: for long trips the camera zooms out,
    /// travels, and zooms back in. Bearing and pitch follow the eased progress.
    ///
    /// Path inputs: w0 = max(width, height) px at the start zoom, w1 = w0 / 2^(end zoom − start zoom),
    /// u1 = distance between the centres in px at the start zoom.
    ///
    /// - Parameter duration: seconds; nil means automatic: path length / `options.speed`,
    ///   capped by `options.maxDuration`. When the centre and zoom stay put but bearing or pitch change,
    ///   the automatic duration is `options.turnDuration`; when nothing changes, 0.
    public static func fly(
        from: Camera, to: Camera, size: ViewportSize, duration: Double? = nil, options: FlyOptions = FlyOptions()
    ) -> CameraAnimation {
        let start = from.clamped()
        let target = padded(to, padding: options.padding, size: size)
        let line = CameraInterpolation(start: start, target: target)
        let w0 = Double(max(size.width, size.height, 1))
        let w1 = w0 / exp2(target.zoom - start.zoom)
        let u1 = line.centerDistance(atZoom: start.zoom)
        let flight = OptimalFlightPath(w0: w0, w1: w1, u1: u1, rho: options.curve)

        let seconds: Double
        if let duration {
            seconds = duration
        } else if flight.length > 1e-12 {
            seconds = min(flight.length / options.speed, options.maxDuration ?? .infinity)
        } else {
            let turns = line.bearingDelta != 0 || target.pitch != start.pitch
            seconds = turns ? min(options.turnDuration, options.maxDuration ?? .infinity) : 0
        }
        guard seconds > 0, seconds.isFinite else { return jump(to: target) }

        // No travel and no zoom: a straight ease turns bearing and pitch with the same timing.
        let path: Path = flight.length > 1e-12
            ? .flight(line, flight, startZoom: start.zoom)
            : .straight(line)
        return CameraAnimation(start: start, target: target, duration: seconds, easing: options.easing, path: path)
    }
}

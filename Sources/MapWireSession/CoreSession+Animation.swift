import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Camera animations: the commands that start them and the 60 fps tick that moves them. The map holds
/// the animation; the core only supplies the clock (monotonic ms, passed as seconds).
extension CoreSession {
    /// Milliseconds between animation steps (about 60 per second).
    static let animationIntervalMillis: Int64 = 16

    /// Whether the camera is moving: the loop keeps ticking and frames keep being scheduled.
    var isAnimating: Bool { map.isAnimating || viewport.isAnimating }

    /// Steps the animation when its tick is due. Runs before the frame timer so a frame shows the newest camera.
    func tickAnimation(now: Int64) {
        guard isAnimating, now >= nextAnimationMillis else { return }
        nextAnimationMillis = now + Self.animationIntervalMillis
        onMap { $0.advanceAnimation(to: Self.seconds(now)) }
        tickViewport()
    }

    func jump(_ c: Mapwire_V1_JumpTo) throws(MapCommandError) {
        let target = try map.cameraTarget(center: c.hasCenter ? c.center.lngLat : nil, zoom: c.hasZoom ? c.zoom : nil,
                                          bearing: c.hasBearing ? c.bearing : nil, pitch: c.hasPitch ? c.pitch : nil)
        let padding = try c.hasPadding ? c.padding.edgePadding() : nil
        // An ease of no length is a jump, with the padding applied to the target the same way.
        start(.ease(from: map.camera, to: target, duration: 0, padding: padding, size: map.size))
    }

    func ease(_ c: Mapwire_V1_EaseTo) throws(MapCommandError) {
        let target = try map.cameraTarget(center: c.hasCenter ? c.center.lngLat : nil, zoom: c.hasZoom ? c.zoom : nil,
                                          bearing: c.hasBearing ? c.bearing : nil, pitch: c.hasPitch ? c.pitch : nil)
        let padding = try c.hasPadding ? c.padding.edgePadding() : nil
        let easing = try c.hasEasing ? c.easing.cubicBezier() : .ease
        start(.ease(from: map.camera, to: target, duration: Double(c.durationMs) / 1000, easing: easing,
                    padding: padding, size: map.size))
    }

    func fly(_ c: Mapwire_V1_FlyTo) throws(MapCommandError) {
        let target = try map.cameraTarget(center: c.hasCenter ? c.center.lngLat : nil, zoom: c.hasZoom ? c.zoom : nil,
                                          bearing: c.hasBearing ? c.bearing : nil, pitch: c.hasPitch ? c.pitch : nil)
        var options = FlyOptions()
        options.padding = try c.hasPadding ? c.padding.edgePadding() : nil
        options.easing = try c.hasEasing ? c.easing.cubicBezier() : .ease
        let duration: Double? = c.hasDurationMs ? Double(c.durationMs) / 1000 : nil
        start(.fly(from: map.camera, to: target, size: map.size, duration: duration, options: options))
    }

    private func start(_ animation: CameraAnimation) {
        // A programmatic camera change takes the camera from the viewport, as GL viewports do.
        setViewportIdle()
        // The first step comes one tick after the start: at the start itself the camera has not moved yet.
        nextAnimationMillis = now + Self.animationIntervalMillis
        onMap { $0.startAnimation(animation, at: Self.seconds(now)) }
    }

    static func seconds(_ millis: Int64) -> Double { Double(millis) / 1000 }
}

extension Mapwire_V1_LngLat {
    var lngLat: LngLat { LngLat(longitude: longitude, latitude: latitude) }
}

extension Mapwire_V1_EdgePadding {
    func edgePadding() throws(MapCommandError) -> EdgePadding {
        let sides = [top, left, bottom, right]
        guard sides.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw MapCommandError("padding must be finite and not negative")
        }
        return EdgePadding(top: top, left: left, bottom: bottom, right: right)
    }
}

extension Mapwire_V1_CubicBezier {
    func cubicBezier() throws(MapCommandError) -> CubicBezierEasing {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else { throw MapCommandError("easing values must be finite numbers") }
        return CubicBezierEasing(x1: x1, y1: y1, x2: x2, y2: y2)
    }
}

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

    /// Starts a camera animation (jump-to, ease-to, fly-to).
    func startAnimation(_ animation: CameraAnimation) {
        // A programmatic camera change takes the camera from the viewport, as GL viewports do.
        setViewportIdle()
        // The first step comes one tick after the start: at the start itself the camera has not moved yet.
        nextAnimationMillis = now + Self.animationIntervalMillis
        onMap { $0.startAnimation(animation, at: Self.seconds(now)) }
    }

    static func seconds(_ millis: Int64) -> Double { Double(millis) / 1000 }
}

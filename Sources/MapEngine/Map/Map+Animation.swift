/// Camera animations: the map holds the running one and its start time; the host's clock drives it
/// through `advanceAnimation(to:)`, so the map stays free of timers and clocks (and tests are exact).
///
/// Events (the regionWillChange / regionIsChanging / regionDidChange sequence of MGLMapViewDelegate):
/// - an animation: camera-will-change {animated: true}, then per step camera-changed and
///   camera-is-changing, then camera-did-change {animated: true} after the step that reaches the target;
/// - an immediate change (set-camera, jump-to, a zero-length animation): camera-will-change
///   {animated: false}, camera-changed, camera-did-change {animated: false};
/// - a change that interrupts a running animation first ends it with camera-did-change {animated: true}
///   where it stands, so every will-change has exactly one did-change.
extension Map {
    struct RunningAnimation {
        let animation: CameraAnimation
        /// The host's clock at the start, seconds.
        let startTime: Double
    }

    /// Whether an animation is under way: the host keeps advancing it and drawing frames.
    /// (A pattern, not `!= nil`: comparing copies the whole animation, and every step of the core asks.)
    public var isAnimating: Bool {
        if case .some = animation { return true }
        return viewportMoving
    }

    /// Starts `animation` at `time` (seconds on the host's clock). A zero-length animation is applied at
    /// once as an immediate change; a longer one moves the camera as `advanceAnimation(to:)` is called.
    public func startAnimation(_ animation: CameraAnimation, at time: Double) {
        interruptAnimation()
        // Like set-camera: the style's default camera must not override what the client asked for.
        cameraSetExplicitly = true
        guard animation.duration > 0, time.isFinite else {
            publish(.cameraWillChange(animated: false))
            apply(camera: animation.target)
            publish(.cameraDidChange(animated: false))
            return
        }
        self.animation = RunningAnimation(animation: animation, startTime: time)
        publish(.cameraWillChange(animated: true))
        // Frames keep coming while the camera moves, even before the first step.
        requestFrame()
    }

    /// Applies the running animation's camera for `time` (seconds on the same clock as the start).
    /// Publishes camera-changed and camera-is-changing; once the target is reached, camera-did-change.
    public func advanceAnimation(to time: Double) {
        guard let running = animation else { return }
        let elapsed = time - running.startTime
        apply(camera: running.animation.camera(at: elapsed))
        publish(.cameraIsChanging)
        if running.animation.isFinished(at: elapsed) {
            animation = nil
            publish(.cameraDidChange(animated: true))
        }
    }

    func interruptAnimation() {
        guard animation != nil else { return }
        animation = nil
        publish(.cameraDidChange(animated: true))
    }
}

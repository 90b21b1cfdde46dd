import MapWireGeometry

/// The viewport of the Mapbox ViewportState reference as a pure state machine. The core owns one, feeds
/// it the time, the current camera and new locations, applies the cameras it returns and emits an event
/// per status change.
///
/// - `transition(to:using:…)` starts moving into a state: status becomes `.transition(from:to:)`;
///   the old state stops driving the camera at once. A state without a target yet (follow-puck before
///   the first location) keeps the transition waiting; it starts on the first call that finds a target.
/// - When the transition's animation ends the status becomes `.state(name)` and the state starts
///   updating the camera: from then on each new target (a new location, a resized viewport) is followed
///   with an ease of `followDuration` seconds.
/// - While not updating (transitioning, idle) the state still produces targets (`ViewportUpdate.target`)
///   without moving the camera; a target that moved during a transition is followed once it ends.
/// - `idle()` (for example on a user gesture) stops everything where it is.
/// - `setUpdating(false)` (the reference's stopUpdatingCamera, asked for by a client) keeps the state producing
///   targets but moves the camera no more: a running animation stops where it is; a transition waits
///   and starts again from wherever the camera is once updating is back on.
/// - A `.custom(name)` state's targets come from `publish(target:forState:…)`.
public struct ViewportController: Sendable {
    public private(set) var status: ViewportStatus = .idle
    /// The state that is current or being transitioned into.
    public private(set) var state: ViewportState = .idle
    /// Mapbox ViewportState's startUpdatingCamera/stopUpdatingCamera: true only once a transition has finished.
    public private(set) var isUpdatingCamera = false
    public private(set) var location: UserLocation?
    /// Where follow-puck states put the location on screen (the annotation delegate's
    /// user-location-anchor-point); nil: the centre of the padded area. Takes effect at the next tick.
    public var puckAnchor: ScreenPoint?
    /// Seconds a driving state takes to reach a new target; 0 applies it at once.
    public var followDuration: Double
    public var followEasing: CubicBezierEasing

    /// False while a client has stopped camera updates.
    public private(set) var isUpdatingEnabled = true
    /// Whether an animation of the viewport is moving the camera (the host keeps ticking).
    /// (A pattern, not `!= nil`: comparing copies the whole animation, and every step of the core asks.)
    public var isAnimating: Bool { if case .some = animation { true } else { false } }

    private var waitingTransition: ViewportTransition?
    /// The transition into the current state, to start again if updating is stopped during it.
    private var currentTransition: ViewportTransition?
    /// The latest camera published for each custom state.
    private var customTargets: [String: Camera] = [:]
    private var animation: CameraAnimation?
    private var animationStart = 0.0
    /// The target the camera is being (or was last) taken to.
    private var drivenTarget: Camera?
    /// The ease length for the fix being applied, when its sender chose one.
    private var nextFollowDuration: Double?
    /// Paced follows waiting for the running ease to end: each target with its ease length.
    private var queuedFollows: [(target: Camera, duration: Double)] = []
    /// More queued follows than this and the camera skips ahead to the newest fix.
    public static let longestFollowQueue = 8

    public init(followDuration: Double = 1, followEasing: CubicBezierEasing = .linear) {
        self.followDuration = followDuration
        self.followEasing = followEasing
    }

    /// The current state's target for this camera and viewport, driven or not.
    public func targetCamera(current: Camera, size: ViewportSize) -> Camera? {
        if case .custom(let name) = state { return customTargets[name] }
        return ViewportStates.targetCamera(for: state, location: location, current: current, size: size, puckAnchor: puckAnchor)
    }

    /// A custom state's new target (kept also while another state is current, for when it becomes current).
    public mutating func publish(target: Camera, forState name: String, camera: Camera, size: ViewportSize, at time: Double) -> ViewportUpdate {
        customTargets[name] = target
        return tick(camera: camera, size: size, at: time)
    }

    /// Stops (false) or resumes (true) moving the camera; targets keep coming either way.
    public mutating func setUpdating(_ enabled: Bool, camera: Camera, size: ViewportSize, at time: Double) -> ViewportUpdate {
        guard enabled != isUpdatingEnabled else { return tick(camera: camera, size: size, at: time) }
        isUpdatingEnabled = enabled
        if !enabled {
            if animation != nil, case .transition = status { waitingTransition = currentTransition }
            animation = nil
            queuedFollows.removeAll()
            // Forget what was followed so the current target is followed again on resume.
            drivenTarget = nil
        }
        return tick(camera: camera, size: size, at: time)
    }

    /// Starts a transition into `newState` at `time` (seconds on the core's clock).
    /// Transitioning to `.idle` is the same as `idle()`.
    public mutating func transition(
        to newState: ViewportState, using transition: ViewportTransition = .default(),
        camera: Camera, size: ViewportSize, at time: Double
    ) -> ViewportUpdate {
        guard newState != .idle else { return idle() }
        let before = status
        stopDriving()
        state = newState
        status = .transition(from: before.stateName, to: newState.name)
        waitingTransition = transition
        currentTransition = transition
        var result = ViewportUpdate(statusChanges: [ViewportStatusChange(from: before, to: status)])
        advance(&result, camera: camera, size: size, time: time)
        return result
    }

    /// Stops driving the camera and drops the state; the camera stays where it is.
    public mutating func idle() -> ViewportUpdate {
        let before = status
        stopDriving()
        state = .idle
        status = .idle
        return ViewportUpdate(statusChanges: before == .idle ? [] : [ViewportStatusChange(from: before, to: .idle)])
    }

    /// A new location fix; returns the camera to apply at `time`, if any.
    /// - Parameter followDuration: how long the ease toward this fix takes when the state is driving the
    ///   camera (default `followDuration`). A tracker passes the time since the previous fix: such paced
    ///   eases queue behind each other instead of interrupting, so the camera passes through every fix and
    ///   crosses each stretch of the track in the time it took.
    public mutating func update(
        location: UserLocation, camera: Camera, size: ViewportSize, at time: Double, followDuration: Double? = nil
    ) -> ViewportUpdate {
        self.location = location
        nextFollowDuration = followDuration
        defer { nextFollowDuration = nil }
        return tick(camera: camera, size: size, at: time)
    }

    /// A frame: advances running animations to `time`.
    public mutating func tick(camera: Camera, size: ViewportSize, at time: Double) -> ViewportUpdate {
        var result = ViewportUpdate()
        advance(&result, camera: camera, size: size, time: time)
        return result
    }

    private mutating func stopDriving() {
        queuedFollows.removeAll()
        isUpdatingCamera = false
        waitingTransition = nil
        currentTransition = nil
        animation = nil
        drivenTarget = nil
    }

    private mutating func advance(_ result: inout ViewportUpdate, camera: Camera, size: ViewportSize, time: Double) {
        // What a state leaves alone (follow-puck's nil zoom, bearing .none) comes from where the camera is
        // going, not from a mid-flight camera: otherwise a fly-to's zoom-out would move the target every frame.
        let target = targetCamera(current: drivenTarget ?? camera, size: size)
        result.target = target
        let given = camera
        var camera = camera
        guard isUpdatingEnabled else { return }

        // A waiting transition starts with the first target there is.
        if let transition = waitingTransition, let target {
            waitingTransition = nil
            start(transition.animation(from: camera, to: target, size: size), toward: target, at: time)
        }

        while let running = animation {
            let elapsed = time - animationStart
            camera = running.camera(at: elapsed)
            guard running.isFinished(at: elapsed) else { break }
            animation = nil
            if case .transition = status {
                let before = status
                status = .state(state.name)
                isUpdatingCamera = true
                result.statusChanges.append(ViewportStatusChange(from: before, to: status))
            }
            // Paced follows run back to back: the next starts where and when the last one ended.
            if isUpdatingCamera, !queuedFollows.isEmpty {
                let next = queuedFollows.removeFirst()
                let endedAt = animationStart + running.duration
                animation = CameraAnimation.ease(from: camera, to: next.target, duration: next.duration, easing: followEasing, size: size)
                animationStart = endedAt
            }
        }
        if camera != given { result.camera = camera }

        // A driving state follows its target when it moves.
        if isUpdatingCamera, let target, target != drivenTarget {
            // A paced fix (tracking) does not cut the running ease short: it waits its turn, so the camera
            // passes through every fix. Too long a queue (the camera fell behind) is dropped to catch up.
            if let paced = nextFollowDuration, animation != nil, queuedFollows.count < Self.longestFollowQueue {
                queuedFollows.append((target, paced))
                drivenTarget = target
                return
            }
            queuedFollows.removeAll()
            let follow = CameraAnimation.ease(
                from: camera, to: target, duration: nextFollowDuration ?? followDuration, easing: followEasing, size: size)
            start(follow, toward: target, at: time)
            if follow.isFinished(at: 0) {
                animation = nil
                result.camera = follow.target
            }
        }
    }

    private mutating func start(_ next: CameraAnimation, toward target: Camera, at time: Double) {
        animation = next
        animationStart = time
        drivenTarget = target
    }
}

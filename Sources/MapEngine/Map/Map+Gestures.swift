import MapWireGeometry

/// Gestures as the map sees them: which continuous gestures are under way, and the camera changes their
/// default handling makes. Dispatch (claimants, delegate, veto) is the host's business; the map only
/// needs to know that fingers are on the screen, because the map is not idle while they are.
extension Map {
    /// A gesture is between began and ended: frames hold map-idle back until it ends.
    public var isGesturing: Bool { !gesturesInProgress.isEmpty }

    /// A gesture of `kind` started. A single-shot gesture (a tap) also begins, for as long as its
    /// dispatch takes, so the map cannot report idle while a handler decides what it does.
    public func beginGesture(_ kind: GestureKind) {
        gesturesInProgress.insert(kind)
        // The map was touched: whatever it reported before, the next quiet frame is a new map-idle.
        idleEmitted = false
    }

    /// The gesture of `kind` ended: the next full frame with nothing pending may report map-idle.
    public func endGesture(_ kind: GestureKind) {
        guard gesturesInProgress.remove(kind) != nil else { return }
        if !isGesturing { requestFrame() }
    }

    /// Applies the camera a gesture's default handling computed, as an immediate change: a running
    /// animation stops (the fingers win), then camera-will-change {animated: false}, camera-changed,
    /// camera-did-change {animated: false}.
    /// A camera that is not finite (a gesture's arithmetic overflowed) leaves the map where it is.
    public func applyGestureCamera(_ next: Camera) {
        guard next.isFinite else { return }
        interruptAnimation()
        cameraSetExplicitly = true
        publish(.cameraWillChange(animated: false))
        apply(camera: next.clamped())
        publish(.cameraDidChange(animated: false))
    }
}

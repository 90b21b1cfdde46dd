import MapWireGeometry

/// Cameras the viewport produces, applied with the same events as an animation (Map+Animation.swift),
/// so a subscriber sees camera-will/is/did-change the same whichever drove the camera. The viewport
/// (`ViewportController`) owns the timing; the map only gets each camera and whether more follow.
extension Map {
    /// Applies one viewport camera. `moving`: the viewport's animation goes on after this step (false for
    /// its last step or an immediate change). Stops a running ease-to/fly-to first: the viewport took over.
    public func applyViewportCamera(_ next: Camera, moving: Bool) {
        interruptAnimation()
        cameraSetExplicitly = true
        let animated = viewportMoving || moving
        if !viewportMoving { publish(.cameraWillChange(animated: animated)) }
        apply(camera: next)
        if animated { publish(.cameraIsChanging) }
        viewportMoving = moving
        if !moving { publish(.cameraDidChange(animated: animated)) }
        if moving { requestFrame() }
    }

    /// The viewport's animation ended without a last camera (stopped, set idle, reached its target on a
    /// step that did not move): closes its camera-will-change with camera-did-change where the camera is.
    public func endViewportMotion() {
        guard viewportMoving else { return }
        viewportMoving = false
        publish(.cameraDidChange(animated: true))
    }
}

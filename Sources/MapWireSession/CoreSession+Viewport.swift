import MapEngine
import MapWireProtocol

/// The viewport commands and the viewport's share of the animation tick. The controller decides; the
/// core turns its updates into map cameras (Map+Viewport.swift) and viewport events.
extension CoreSession {
    func setViewportState(_ c: Mapwire_V1_SetViewportState) throws(MapCommandError) {
        let state = try c.viewportState()
        // A client choosing the viewport's state takes it from the user tracking.
        publishTracking(tracking.endTracking())
        let transition: ViewportTransition = switch c.transition {
        case .immediate: .immediate
        case .defaultTransition(let d) where d.hasMaxDurationMs: .default(maxDuration: Double(d.maxDurationMs) / 1000)
        case .defaultTransition, nil: .default()
        }
        let update = viewport.transition(to: state, using: transition, camera: map.camera, size: map.size, at: nowSeconds)
        applyViewport(update)
    }

    func viewportUpdating(_ updating: Bool) {
        applyViewport(viewport.setUpdating(updating, camera: map.camera, size: map.size, at: nowSeconds))
    }

    func publishViewportTarget(_ c: Mapwire_V1_PublishViewportTarget) throws(MapCommandError) {
        guard !c.state.isEmpty else { throw MapCommandError("publish-viewport-target needs a state name") }
        let s = c.camera
        guard s.hasCenter else { throw MapCommandError("publish-viewport-target needs a camera with a center") }
        // Validated like set-camera: finite values, latitude within ±90, then clamped.
        var target = try map.cameraTarget(center: s.center.lngLat, zoom: s.zoom, bearing: s.bearing, pitch: s.pitch)
        target = target.clamped()
        applyViewport(viewport.publish(target: target, forState: c.state, camera: map.camera, size: map.size, at: nowSeconds))
    }

    /// Camera commands and gestures take the camera back from the viewport, and from the user tracking.
    func setViewportIdle() {
        applyViewport(viewport.idle())
        publishTracking(tracking.endTracking())
    }

    /// The viewport's step in the animation tick.
    func tickViewport(now: Int64) {
        guard viewport.state != .idle else { return }
        applyViewport(viewport.tick(camera: map.camera, size: map.size, at: Self.seconds(now)))
    }

    var nowSeconds: Double { Self.seconds(now) }

    /// Applies the camera and publishes the events of one controller update. A change into a transition
    /// is announced before its first camera; the end of a transition after its last one.
    func applyViewport(_ update: ViewportUpdate) {
        let (before, after) = update.statusChanges.reduce(into: ([ViewportStatusChange](), [ViewportStatusChange]())) {
            if case .transition = $1.to { $0.0.append($1) } else { $0.1.append($1) }
        }
        for change in before { publish(.viewportStatusChanged(change.message)) }
        if let camera = update.camera {
            onMap { $0.applyViewportCamera(camera, moving: viewport.isAnimating) }
        } else if !viewport.isAnimating {
            onMap { $0.endViewportMotion() }
        }
        if viewport.isAnimating && nextAnimationMillis < now {
            // The first step of a new viewport animation comes one tick after its start.
            nextAnimationMillis = now + Self.animationIntervalMillis
        }
        for change in after { publish(.viewportStatusChanged(change.message)) }
        if update.target != lastViewportTarget {
            lastViewportTarget = update.target
            if let target = update.target {
                publish(.viewportTargetCamera(.with {
                    $0.state = viewport.state.name
                    $0.camera = .with {
                        $0.longitude = target.center.longitude
                        $0.latitude = target.center.latitude
                        $0.zoom = target.zoom
                        $0.bearing = target.bearing
                        $0.pitch = target.pitch
                    }
                }))
            }
        }
    }
}

extension ViewportStatus {
    var message: Mapwire_V1_ViewportStatus {
        .with {
            switch self {
            case .idle: $0.idle = .init()
            case .state(let name): $0.state = name
            case .transition(let from, let to): $0.transition = .with { $0.from = from; $0.to = to }
            }
        }
    }
}

extension ViewportStatusChange {
    var message: Mapwire_V1_ViewportStatusChanged {
        .with { $0.from = from.message; $0.to = to.message }
    }
}

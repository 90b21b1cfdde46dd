import MapEngine
import MapWireProtocol

/// The session's side of the viewport and the user location (ViewportMachine, LocationMachine): their
/// commands, and what they ask for carried out: events, cameras for the map, and the location's requests
/// to the viewport.
extension CoreSession {
    /// The map as the viewport sees it now.
    var viewportScene: ViewportMachine.Scene {
        ViewportMachine.Scene(camera: map.camera, size: map.size, seconds: nowSeconds)
    }

    var nowSeconds: Double { Self.seconds(now) }

    func setViewportState(_ c: Mapwire_V1_SetViewportState) throws(MapCommandError) {
        let state = try c.viewportState()
        // A client choosing the viewport's state takes it from the user tracking.
        route(location.endTracking())
        let transition: ViewportTransition = switch c.transition {
        case .immediate: .immediate
        case .defaultTransition(let d) where d.hasMaxDurationMs: .default(maxDuration: Double(d.maxDurationMs) / 1000)
        case .defaultTransition, nil: .default()
        }
        route(viewport.transition(to: state, using: transition, in: viewportScene))
    }

    func publishViewportTarget(_ c: Mapwire_V1_PublishViewportTarget) throws(MapCommandError) {
        guard !c.state.isEmpty else { throw MapCommandError("publish-viewport-target needs a state name") }
        let s = c.camera
        guard s.hasCenter else { throw MapCommandError("publish-viewport-target needs a camera with a center") }
        // Validated like set-camera: finite values, latitude within ±90, then clamped.
        let target = try map.cameraTarget(center: s.center.lngLat, zoom: s.zoom, bearing: s.bearing, pitch: s.pitch).clamped()
        route(viewport.publish(target: target, forState: c.state, in: viewportScene))
    }

    /// Camera commands and gestures take the camera back from the viewport, and from the user tracking.
    func setViewportIdle() {
        route(viewport.idle())
        route(location.endTracking())
    }

    /// The viewport's step in the animation tick.
    func tickViewport() {
        route(viewport.tick(in: viewportScene))
    }

    /// Carries out a viewport update: its events, and its camera on the map.
    func route(_ outputs: [ViewportMachine.Output]) {
        for output in outputs {
            switch output {
            case .publish(let payload):
                publish(payload)
            case .moveCamera(let camera, let moving):
                onMap { $0.applyViewportCamera(camera, moving: moving) }
                if viewport.isAnimating && nextAnimationMillis < now {
                    // The first step of a new viewport animation comes one tick after its start.
                    nextAnimationMillis = now + Self.animationIntervalMillis
                }
            case .endMotion:
                onMap { $0.endViewportMotion() }
            }
        }
    }

    /// Carries out what the user location asked for, in order.
    func route(_ outputs: [LocationMachine.Output]) {
        for output in outputs {
            switch output {
            case .publish(let payload):
                publish(payload)
            case .repaint:
                onMap { $0.requestRepaint() }
            case .follow(let options, let animated):
                route(viewport.transition(to: .followPuck(options), using: animated ? .default() : .immediate, in: viewportScene))
            case .release(let options):
                route(viewport.release(options))
            case .located(let fix, let pace):
                route(viewport.update(location: fix, pace: pace, in: viewportScene))
            case .anchor(let anchor):
                route(viewport.setPuckAnchor(anchor, in: viewportScene))
            }
        }
    }

    // MARK: The annotation delegate's questions about the puck

    /// DescribeUserLocation, with the viewport's size and the padding follow modes use (PROTOCOL.md 7.10):
    /// asked when a delegate registers and when the viewport's size changes.
    func askAboutUserLocation() {
        guard router.has(role: PluginRole.annotationDelegate) else { return }
        let size = map.size
        let padding = location.followPadding
        addRequest(role: PluginRole.annotationDelegate, purpose: .userLocationQuestion,
                   policy: configuration.decisionPolicy(timeoutMillis: configuration.annotationQuestionTimeoutMilliseconds)) {
            $0.describeUserLocation = .with {
                $0.width = UInt32(clamping: size.width)
                $0.height = UInt32(clamping: size.height)
                $0.padding = .with { $0.top = padding.top; $0.left = padding.left; $0.bottom = padding.bottom; $0.right = padding.right }
            }
        }
        dispatchWaiting()
    }

    /// A plugin with the annotation-delegate role registered: it is asked about everything there is.
    func annotationDelegateRegistered() {
        askAboutUserLocation()
        route(annotations.delegateRegistered())
    }
}

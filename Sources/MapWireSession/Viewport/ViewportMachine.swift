import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The viewport (Mapbox's ViewportState and its transitions): states that drive the camera, stepped by
/// the animation tick. The engine's `ViewportController` decides; this machine turns each of its updates
/// into what the session must do, in order: viewport events, and cameras for the map.
struct ViewportMachine {
    enum Output: Equatable {
        case publish(Mapwire_V1_Envelope.OneOf_Payload)
        /// Move the map's camera; `moving` while the viewport animates (camera-is-changing, no did-change yet).
        case moveCamera(Camera, moving: Bool)
        /// The viewport stopped moving the camera: end the camera motion it started.
        case endMotion
    }

    /// The map as the viewport sees it at a step: its camera, its size and the time in seconds.
    struct Scene {
        var camera: Camera
        var size: ViewportSize
        var seconds: Double
    }

    private(set) var controller = ViewportController()
    /// The last target announced with viewport-target-camera, so only changes are published.
    private var lastTarget: Camera?

    var isAnimating: Bool { controller.isAnimating }
    var state: ViewportState { controller.state }
    /// The user's last known location (the puck's).
    var location: UserLocation? { controller.location }

    // MARK: Commands

    mutating func transition(to state: ViewportState, using transition: ViewportTransition, in scene: Scene) -> [Output] {
        outputs(controller.transition(to: state, using: transition, camera: scene.camera, size: scene.size, at: scene.seconds))
    }

    mutating func setUpdating(_ updating: Bool, in scene: Scene) -> [Output] {
        outputs(controller.setUpdating(updating, camera: scene.camera, size: scene.size, at: scene.seconds))
    }

    mutating func publish(target: Camera, forState name: String, in scene: Scene) -> [Output] {
        outputs(controller.publish(target: target, forState: name, camera: scene.camera, size: scene.size, at: scene.seconds))
    }

    /// Camera commands and gestures take the camera back from the viewport.
    mutating func idle() -> [Output] { outputs(controller.idle()) }

    /// When tracking in a follow mode ended, the follow-puck state it put the viewport in goes idle.
    mutating func release(_ options: FollowPuckOptions) -> [Output] {
        guard controller.state == .followPuck(options) else { return [] }
        return idle()
    }

    // MARK: Time and location

    /// The viewport's step in the animation tick.
    mutating func tick(in scene: Scene) -> [Output] {
        guard controller.state != .idle else { return [] }
        return outputs(controller.tick(camera: scene.camera, size: scene.size, at: scene.seconds))
    }

    /// A location fix; `pace` is how long the follow ease lasts (the gap since the previous fix), if tracking.
    mutating func update(location: UserLocation, pace: Double?, in scene: Scene) -> [Output] {
        outputs(controller.update(location: location, camera: scene.camera, size: scene.size, at: scene.seconds, followDuration: pace))
    }

    /// Where the puck sits in follow modes (the annotation delegate's anchor point, nil: the padded
    /// centre). A follow mode moves its focus to a new anchor at once.
    mutating func setPuckAnchor(_ anchor: ScreenPoint?, in scene: Scene) -> [Output] {
        guard controller.puckAnchor != anchor else { return [] }
        controller.puckAnchor = anchor
        return tick(in: scene)
    }

    /// The events and the camera of one controller update. A change into a transition is announced before
    /// its first camera; the end of a transition after its last one.
    private mutating func outputs(_ update: ViewportUpdate) -> [Output] {
        var outputs: [Output] = []
        var after: [Output] = []
        for change in update.statusChanges {
            if case .transition = change.to { outputs.append(.publish(.viewportStatusChanged(change.message))) }
            else { after.append(.publish(.viewportStatusChanged(change.message))) }
        }
        if let camera = update.camera {
            outputs.append(.moveCamera(camera, moving: controller.isAnimating))
        } else if !controller.isAnimating {
            outputs.append(.endMotion)
        }
        outputs += after
        if update.target != lastTarget {
            lastTarget = update.target
            if let target = update.target {
                let name = controller.state.name
                outputs.append(.publish(.viewportTargetCamera(.with {
                    $0.state = name
                    $0.camera = .with {
                        $0.longitude = target.center.longitude
                        $0.latitude = target.center.latitude
                        $0.zoom = target.zoom
                        $0.bearing = target.bearing
                        $0.pitch = target.pitch
                    }
                })))
            }
        }
        return outputs
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

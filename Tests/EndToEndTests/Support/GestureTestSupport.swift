import Foundation
import MapEngine
import MapWireClient
import MapWireGeometry
import MapWireProtocol
import Testing

/// Shared steps of the gesture tests: a core (with `coreArguments`) and loader with the test style
/// loaded and idle, gestures as commands, and cameras read back through get-camera.
enum GestureTestSupport {
    static func loadedRun(coreArguments: [String] = []) throws -> (TestRun, EventSubscriber) {
        let run = try TestRun()
        try run.startCore(coreArguments)
        try run.start("mapwire-loader")
        try TestStyles.writeTiles(TestStyles.coveringTiles(), into: run.file("tiles"))
        let style = run.file("style.json")
        try TestStyles.vectorStyle(tiles: "file://\(run.file("tiles").path)/{z}/{x}/{y}.pbf")
            .write(to: style, atomically: true, encoding: .utf8)
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        return (run, events)
    }

    static func gesture(_ kind: Mapwire_V1_GestureKind, at x: Double, _ y: Double, phase: Mapwire_V1_GesturePhase = .unspecified,
                        translation: (Double, Double) = (0, 0), scale: Double = 0, degrees: Double = 0) -> Mapwire_V1_Gesture {
        .with {
            $0.kind = kind
            $0.location = .with { $0.x = x; $0.y = y }
            $0.phase = phase
            $0.translation = .with { $0.x = translation.0; $0.y = translation.1 }
            $0.scale = scale
            $0.degrees = degrees
        }
    }

    /// The engine's view of the same gesture, for `GestureDefaults`.
    static func engineGesture(_ g: Mapwire_V1_Gesture) -> Gesture {
        let at = ScreenPoint(x: g.location.x, y: g.location.y)
        let moved = ScreenPoint(x: g.translation.x, y: g.translation.y)
        switch g.kind {
        case .tap: return .tap(at: at)
        case .doubleTap: return .doubleTap(at: at)
        case .longPress: return .longPress(at: at)
        case .pan: return .pan(translation: moved, at: at)
        case .pinch: return .pinch(scale: g.scale, at: at)
        case .rotation: return .rotation(degrees: g.degrees, at: at)
        case .twoFingerPan: return .twoFingerPan(translation: moved, at: at)
        default: return .twoFingerTap(at: at)
        }
    }

    static func camera(_ run: TestRun) throws -> Camera {
        let reply = try run.send(.getCamera(.init()))
        #expect(reply.ok)
        let c = reply.camera
        return Camera(center: LngLat(longitude: c.center.longitude, latitude: c.center.latitude), zoom: c.zoom,
                      bearing: c.bearing, pitch: c.pitch)
    }

    /// What the map's default handling makes of `gesture` from `camera` in the tests' 512×512 view.
    static func expected(after gesture: Mapwire_V1_Gesture, from camera: Camera) -> Camera {
        GestureDefaults.camera(after: engineGesture(gesture), from: camera, size: ViewportSize(width: 512, height: 512))?.clamped() ?? camera
    }

    static func close(_ a: Camera, _ b: Camera) -> Bool {
        abs(a.center.longitude - b.center.longitude) < 1e-9 && abs(a.center.latitude - b.center.latitude) < 1e-9
            && abs(a.zoom - b.zoom) < 1e-9 && abs(a.bearing - b.bearing) < 1e-9 && abs(a.pitch - b.pitch) < 1e-9
    }

    /// Collects events until the `gesture` event of the last command; returns it.
    static func gestureEvent(_ events: EventSubscriber, log: inout EventLog) throws -> Mapwire_V1_GestureEvent? {
        guard try log.collect(from: events, timeout: 5, until: { topic, _ in topic == "gesture" }) else { return nil }
        if case .gesture(let e)? = log.events.last?.envelope.payload { return e }
        return nil
    }
}

import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

// Commands' values as the engine takes them, and the engine's state as replies show it: checked here, so a
// command the engine cannot take is refused with its reason before anything changes.

extension CameraAnimation {
    /// jump-to: an ease of no length, with the padding applied to the target the same way.
    static func jump(_ c: Mapwire_V1_JumpTo, on map: Map) throws(MapCommandError) -> CameraAnimation {
        let target = try map.cameraTarget(center: c.hasCenter ? c.center.lngLat : nil, zoom: c.hasZoom ? c.zoom : nil,
                                          bearing: c.hasBearing ? c.bearing : nil, pitch: c.hasPitch ? c.pitch : nil)
        return .ease(from: map.camera, to: target, duration: 0, padding: try c.hasPadding ? c.padding.edgePadding() : nil, size: map.size)
    }

    static func ease(_ c: Mapwire_V1_EaseTo, on map: Map) throws(MapCommandError) -> CameraAnimation {
        let target = try map.cameraTarget(center: c.hasCenter ? c.center.lngLat : nil, zoom: c.hasZoom ? c.zoom : nil,
                                          bearing: c.hasBearing ? c.bearing : nil, pitch: c.hasPitch ? c.pitch : nil)
        return .ease(from: map.camera, to: target, duration: Double(c.durationMs) / 1000,
                     easing: try c.hasEasing ? c.easing.cubicBezier() : .ease,
                     padding: try c.hasPadding ? c.padding.edgePadding() : nil, size: map.size)
    }

    static func fly(_ c: Mapwire_V1_FlyTo, on map: Map) throws(MapCommandError) -> CameraAnimation {
        let target = try map.cameraTarget(center: c.hasCenter ? c.center.lngLat : nil, zoom: c.hasZoom ? c.zoom : nil,
                                          bearing: c.hasBearing ? c.bearing : nil, pitch: c.hasPitch ? c.pitch : nil)
        var options = FlyOptions()
        options.padding = try c.hasPadding ? c.padding.edgePadding() : nil
        options.easing = try c.hasEasing ? c.easing.cubicBezier() : .ease
        return .fly(from: map.camera, to: target, size: map.size, duration: c.hasDurationMs ? Double(c.durationMs) / 1000 : nil,
                    options: options)
    }
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

extension Map.LoadPhase {
    /// get-state's `load_phase` strings.
    var documentedName: String {
        switch self {
        case .empty: "empty"
        case .loadingStyle: "loading-style"
        case .loadingSprite: "loading-sprite"
        case .loadingSources: "loading-sources"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }
}

extension Mapwire_V1_ControlMessage {
    /// A snapshot's or a view's reply: the image (PROTOCOL.md 7.6, 7.11).
    static func snapshotReply(_ id: UInt64, _ snapshot: Mapwire_V1_SnapshotResult) -> Mapwire_V1_ControlMessage {
        .with { $0.commandReply = .with { $0.id = id; $0.ok = true; $0.snapshot = snapshot } }
    }

    /// The answer to a plugin's hello (PROTOCOL.md 7.1).
    static func welcome(pluginID: String, _ configuration: SessionConfiguration) -> Mapwire_V1_ControlMessage {
        .with {
            $0.welcome = .with {
                $0.protocolVersion = mapWireProtocolVersion
                $0.epoch = configuration.epoch
                $0.mapID = configuration.mapID
                $0.eventsEndpoint = configuration.eventsEndpoint
                $0.heartbeatIntervalMs = UInt32(configuration.heartbeatIntervalMilliseconds)
                $0.pluginID = pluginID
            }
        }
    }

    /// A command's reply: ok, or refused with its message and error code (PROTOCOL.md 7.3).
    static func commandReply(_ id: UInt64, error: MapCommandError?) -> Mapwire_V1_ControlMessage {
        .with {
            $0.commandReply = .with {
                $0.id = id
                $0.ok = error == nil
                if let error {
                    $0.error = error.message
                    $0.errorCode = error.reason.protocolValue
                }
            }
        }
    }
}

extension Mapwire_V1_CameraState {
    /// A camera as the protocol shows it, with the viewport's size.
    init(_ camera: Camera, size: ViewportSize) {
        self = .with {
            $0.center = .with { $0.longitude = camera.center.longitude; $0.latitude = camera.center.latitude }
            $0.zoom = camera.zoom
            $0.bearing = camera.bearing
            $0.pitch = camera.pitch
            $0.width = UInt32(size.width)
            $0.height = UInt32(size.height)
        }
    }
}

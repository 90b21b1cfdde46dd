import MapEngine
import MapWireProtocol

/// SetViewportState's protobuf form to the engine's `ViewportState`, with the checks a client's input needs.
extension Mapwire_V1_SetViewportState {
    func viewportState() throws(MapCommandError) -> ViewportState {
        switch state {
        case .idle, nil:
            return .idle
        case .followPuck(let f):
            let values = [f.hasZoom ? f.zoom : nil, f.hasPitch ? f.pitch : nil].compactMap { $0 }
            guard values.allSatisfy(\.isFinite) else { throw MapCommandError("follow-puck values must be finite numbers") }
            let bearing: FollowPuckBearing
            switch f.bearing {
            case .heading, nil: bearing = .heading
            case .course: bearing = .course
            // Spelled out: a bare `.none` would be Optional's.
            case .some(.none): bearing = FollowPuckBearing.none
            case .fixed(let degrees):
                guard degrees.isFinite else { throw MapCommandError("follow-puck bearing must be a finite number") }
                bearing = .fixed(degrees)
            }
            return .followPuck(FollowPuckOptions(
                zoom: f.hasZoom ? f.zoom : nil, pitch: f.hasPitch ? f.pitch : nil, bearing: bearing,
                padding: try f.hasPadding ? f.padding.edgePadding() : .zero))
        case .overview(let o):
            guard !o.geometry.isEmpty else { throw MapCommandError("overview needs at least one coordinate") }
            let points = o.geometry.map(\.lngLat)
            guard points.allSatisfy({ $0.longitude.isFinite && $0.latitude.isFinite && abs($0.latitude) <= 90 }) else {
                throw MapCommandError("overview coordinates must be finite with latitudes within -90...90")
            }
            let numbers = [o.bearing, o.pitch] + (o.hasMaxZoom ? [o.maxZoom] : [])
            guard numbers.allSatisfy(\.isFinite) else { throw MapCommandError("overview values must be finite numbers") }
            return .overview(OverviewOptions(
                geometry: points, padding: try o.hasPadding ? o.padding.edgePadding() : .zero,
                bearing: o.bearing, pitch: o.pitch, maxZoom: o.hasMaxZoom ? o.maxZoom : nil))
        case .custom(let c):
            guard !c.name.isEmpty else { throw MapCommandError("a custom viewport state needs a name") }
            let builtIn = ["idle", "follow-puck", "overview"]
            guard !builtIn.contains(c.name) else { throw MapCommandError("\"\(c.name)\" is a built-in state, not a custom one") }
            return .custom(c.name)
        }
    }
}

import MapWireGeometry

/// The pieces every camera animation shares: centres move in mercator world space (straight lines on the
/// flat map), longitudes cross the antimeridian when that is shorter, bearings turn the short way round.
struct CameraInterpolation: Equatable, Sendable {
    let start: Camera
    let target: Camera
    /// World px at zoom 0 (the whole world is 512 px), with the target's x unwrapped next to the start's.
    let startWorld: (x: Double, y: Double)
    let targetWorld: (x: Double, y: Double)
    /// Signed degrees in (-180, 180]: the shortest turn from the start bearing to the target bearing.
    let bearingDelta: Double

    init(start: Camera, target: Camera) {
        self.start = start
        self.target = target
        let longitudeDelta = Self.shortestDelta(from: start.center.longitude, to: target.center.longitude)
        let unwrappedTarget = LngLat(longitude: start.center.longitude + longitudeDelta, latitude: target.center.latitude)
        startWorld = WebMercator.project(start.center, zoom: 0)
        targetWorld = WebMercator.project(unwrappedTarget, zoom: 0)
        bearingDelta = Self.shortestDelta(from: start.bearing, to: target.bearing)
    }

    /// Distance between the centres in world px at `zoom`.
    func centerDistance(atZoom zoom: Double) -> Double {
        let dx = targetWorld.x - startWorld.x, dy = targetWorld.y - startWorld.y
        return (dx * dx + dy * dy).squareRoot() * WebMercator.worldSize(zoom: zoom) / WebMercator.tileSize
    }

    /// A camera `centerFraction` of the way along the centre line, with the given zoom and
    /// bearing/pitch `fraction` of the way. Clamped, so longitude is wrapped back into range.
    func camera(centerFraction: Double, zoom: Double, fraction: Double) -> Camera {
        let x = startWorld.x + (targetWorld.x - startWorld.x) * centerFraction
        let y = startWorld.y + (targetWorld.y - startWorld.y) * centerFraction
        return Camera(
            center: WebMercator.unproject(x: x, y: y, zoom: 0),
            zoom: zoom,
            bearing: start.bearing + bearingDelta * fraction,
            pitch: start.pitch + (target.pitch - start.pitch) * fraction
        ).clamped()
    }

    /// The signed angle in (-180, 180] that turns `from` into `to` the short way.
    static func shortestDelta(from: Double, to: Double) -> Double {
        Camera.normalisedBearing(to - from)
    }

    static func == (a: CameraInterpolation, b: CameraInterpolation) -> Bool {
        a.start == b.start && a.target == b.target
    }
}

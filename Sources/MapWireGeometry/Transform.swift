import Foundation

/// A camera looking at a viewport: maps the screen onto the mercator ground plane.
public struct Transform: Sendable {
    /// The camera as given, clamped to the ranges `Camera.clamped` keeps.
    public let camera: Camera
    public let size: ViewportSize

    public init(camera: Camera, size: ViewportSize) {
        self.camera = camera.clamped()
        self.size = size
    }

    /// Camera-to-centre distance as a multiple of the viewport height;
    /// 1.5 gives a vertical field of view of 2·atan(1/3) ≈ 36.87°.
    public static let cameraDistanceInHeights: Double = 1.5

    /// The vertical field of view that distance gives, in degrees (GL's default, 0.6435 rad).
    public static var fieldOfViewDegrees: Double { 2 * atan(0.5 / cameraDistanceInHeights) * 180 / .pi }

    /// How far above the screen's centre GL puts the horizon, in px (MapLibre GL JS 5's mercator transform:
    /// 85 % of the true horizon's height, never closer than 0.75° to it). The map ends there and the sky
    /// begins; it is above the top of the screen up to a pitch of about 68.6°.
    public var horizonAboveCenter: Double {
        let distance = Self.cameraDistanceInHeights * Double(size.height)
        let toHorizon = (90 - camera.pitch) * .pi / 180, nearest = (89.25 - camera.pitch) * .pi / 180
        return distance * min(0.85 * tan(toHorizon), tan(nearest))
    }

    /// The screen row (y down) where the drawn ground ends: GL's far plane meets the ground at its horizon,
    /// so nothing of the map is drawn above it. 0 while the horizon is above the screen.
    public var groundTop: Double { max(0, Double(size.height) / 2 - horizonAboveCenter) }

    /// The ground positions (world px at `zoom`) of the viewport's four corners, in screen order
    /// top-left, top-right, bottom-right, bottom-left, honouring bearing and pitch. Past the pitch at
    /// which the horizon comes into view, the top corners are those of the ground's far edge (`groundTop`).
    public func visibleQuad(atZoom zoom: Double) -> [(x: Double, y: Double)] {
        let w = Double(size.width), h = Double(size.height), top = groundTop
        let corners: [(Double, Double)] = [(0, top), (w, top), (w, h), (0, h)]
        return corners.map { sx, sy in groundPoint(screenX: sx, screenY: sy, atZoom: zoom) }
    }

    /// The ground position (world px at `zoom`) under a screen point (x right, y down, origin top-left):
    /// the inverse of `ScreenProjector.project`, casting the same ray as `visibleQuad`.
    /// Points above the true horizon (their ray misses the ground) fall back to a flat mapping.
    public func groundPoint(screenX: Double, screenY: Double, atZoom zoom: Double) -> (x: Double, y: Double) {
        let center = WebMercator.project(camera.center, zoom: zoom)
        let scale = pow(2, zoom - camera.zoom)
        let ground = groundOffset(screenX: screenX - Double(size.width) / 2, screenY: screenY - Double(size.height) / 2)
        let world = rotatedToWorld(ground)
        return (center.x + world.x * scale, center.y + world.y * scale)
    }

    /// The geographic position under a screen point (longitude not wrapped).
    public func groundCoordinate(screenX: Double, screenY: Double) -> LngLat {
        let p = groundPoint(screenX: screenX, screenY: screenY, atZoom: camera.zoom)
        return WebMercator.unproject(x: p.x, y: p.y, zoom: camera.zoom)
    }

    /// Geographic bounds of the visible quad (west, south, east, north).
    /// Longitudes are not wrapped: a view across the antimeridian gives west < -180 or east > 180,
    /// so west < east always holds. Latitudes are clamped to the mercator limit.
    public func bounds() -> (west: Double, south: Double, east: Double, north: Double) {
        let corners = visibleQuad(atZoom: camera.zoom).map {
            WebMercator.unproject(x: $0.x, y: $0.y, zoom: camera.zoom)
        }
        let longitudes = corners.map(\.longitude), latitudes = corners.map(\.latitude)
        let limit = WebMercator.maxLatitude
        return (
            west: longitudes.min()!,
            south: max(latitudes.min()!, -limit),
            east: longitudes.max()!,
            north: min(latitudes.max()!, limit))
    }

    /// Where the ray through a screen pixel (offset from the screen centre, y down) meets the ground,
    /// in camera-zoom px relative to the centre: x to screen-right, y to screen-up.
    /// The screen centre always lands on the camera centre and is at 1 px : 1 px scale.
    private func groundOffset(screenX dx: Double, screenY dy: Double) -> (x: Double, y: Double) {
        let pitch = camera.pitch * .pi / 180
        let distance = Self.cameraDistanceInHeights * Double(size.height)
        // Camera sits behind and above the centre; the image plane is `distance` in front of it.
        // Ray = distance·forward + dx·right + dy·screenDown, intersected with the ground (z = 0).
        let denominator = distance * cos(pitch) + dy * sin(pitch)
        let t = denominator > 0 ? distance * cos(pitch) / denominator : 1
        let x = t * dx
        let y = -distance * sin(pitch) + t * (distance * sin(pitch) - dy * cos(pitch))
        return (x, y)
    }

    /// Turns (screen-right, screen-up) ground offsets into world px offsets (x east, y south).
    private func rotatedToWorld(_ v: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let bearing = camera.bearing * .pi / 180
        // Screen-up points at compass `bearing`; screen-right is 90° clockwise from it.
        let up = (x: sin(bearing), y: -cos(bearing))
        let right = (x: cos(bearing), y: sin(bearing))
        return (v.x * right.x + v.y * up.x, v.x * right.y + v.y * up.y)
    }
}

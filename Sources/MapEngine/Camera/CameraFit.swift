import Foundation
import MapWireGeometry

/// Cameras that show a set of places as large as possible inside the padded area of the viewport,
/// at a chosen bearing and pitch. The overview viewport state uses it.
public enum CameraFit {
    /// The camera fitting `points`, or nil when there are none or the padding leaves no room.
    /// Longitudes are taken as given (not wrapped), so a set crossing the antimeridian should use
    /// longitudes beyond ±180 on one side, as `LngLatBounds.corners` does.
    ///
    /// - Parameters:
    ///   - maxZoom: the fit never zooms in further (defaults to `Camera.maxZoom`); a single point is shown at it.
    ///   - pitch: for a pitched camera the fit is refined on screen, so the nearer (lower) part of the view,
    ///     which perspective enlarges, still keeps every point inside the padding.
    public static func camera(
        fitting points: [LngLat], size: ViewportSize, padding: EdgePadding = .zero,
        bearing: Double = 0, pitch: Double = 0, maxZoom: Double? = nil
    ) -> Camera? {
        guard !points.isEmpty else { return nil }
        let room = padding.availableSize(in: size)
        guard room.width > 0, room.height > 0 else { return nil }
        let zoomLimit = min(maxZoom ?? Camera.maxZoom, Camera.maxZoom)

        // Top-down fit: the points' extent along the screen axes at zoom 0, scaled to the room.
        let radians = bearing * .pi / 180
        let cosB = cos(radians), sinB = sin(radians)
        let onScreenAxes = points.map { point -> (right: Double, down: Double) in
            let w = WebMercator.project(point, zoom: 0)
            return (w.x * cosB + w.y * sinB, -w.x * sinB + w.y * cosB)
        }
        let rights = onScreenAxes.map(\.right), downs = onScreenAxes.map(\.down)
        let spanRight = rights.max()! - rights.min()!, spanDown = downs.max()! - downs.min()!
        let scale = min(room.width / spanRight, room.height / spanDown)
        let zoom = min(max(log2(scale), 0), zoomLimit)
        let middleRight = (rights.max()! + rights.min()!) / 2, middleDown = (downs.max()! + downs.min()!) / 2
        // Back from screen axes to world axes (the transpose of the rotation).
        let middle = WebMercator.unproject(
            x: middleRight * cosB - middleDown * sinB, y: middleRight * sinB + middleDown * cosB, zoom: 0)

        let flat = Transform(camera: Camera(center: middle, zoom: zoom, bearing: bearing), size: size)
            .camera(placing: middle, at: padding.center(in: size))
        guard pitch > 0 else { return flat }
        var pitched = flat
        pitched.pitch = pitch
        return refined(pitched.clamped(), fitting: points, size: size, padding: padding, zoomLimit: zoomLimit)
    }

    /// The camera fitting the four corners of `bounds` (see `camera(fitting:…)` for the parameters).
    public static func camera(
        fitting bounds: LngLatBounds, size: ViewportSize, padding: EdgePadding = .zero,
        bearing: Double = 0, pitch: Double = 0, maxZoom: Double? = nil
    ) -> Camera? {
        camera(fitting: bounds.corners, size: size, padding: padding, bearing: bearing, pitch: pitch, maxZoom: maxZoom)
    }

    /// Perspective is not linear, so a pitched fit is found by repeating: measure the points' box on
    /// screen, zoom by how much it must grow or shrink, and move its middle to the padded centre.
    private static func refined(
        _ start: Camera, fitting points: [LngLat], size: ViewportSize, padding: EdgePadding, zoomLimit: Double
    ) -> Camera {
        let room = padding.availableSize(in: size)
        let target = padding.center(in: size)
        var camera = start
        for _ in 0..<64 {
            let transform = Transform(camera: camera, size: size)
            let projector = transform.projector(atZoom: camera.zoom)
            let screen = points.map { point -> (x: Double, y: Double) in
                let w = WebMercator.project(point, zoom: camera.zoom)
                return projector.project(x: w.x, y: w.y)
            }
            let xs = screen.map(\.x), ys = screen.map(\.y)
            let middle = ScreenPoint(x: (xs.max()! + xs.min()!) / 2, y: (ys.max()! + ys.min()!) / 2)
            let growth = min(room.width / (xs.max()! - xs.min()!), room.height / (ys.max()! - ys.min()!))
            let zoomStep = log2(growth)
            let ground = transform.groundCoordinate(at: middle)
            var next = camera
            next.zoom = min(max(camera.zoom + zoomStep, 0), zoomLimit)
            next = Transform(camera: next, size: size).camera(placing: ground, at: target)
            let settled = abs(next.zoom - camera.zoom) < 1e-10
                && abs(middle.x - target.x) < 1e-7 && abs(middle.y - target.y) < 1e-7
            camera = next
            if settled { break }
        }
        return camera
    }
}

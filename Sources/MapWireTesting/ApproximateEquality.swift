import MapWireGeometry

/// Floating-point comparison for geometry expectations computed offline.
public func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

public func isClose(_ a: ScreenPoint, _ b: ScreenPoint, tolerance: Double = 1e-6) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

public func isClose(_ a: LngLat, _ b: LngLat, tolerance: Double = 1e-9) -> Bool {
    isClose(a.longitude, b.longitude, tolerance: tolerance) && isClose(a.latitude, b.latitude, tolerance: tolerance)
}

/// Where a geographic point shows on the screen of `camera`, through the forward projector.
public func screenPosition(of point: LngLat, camera: Camera, size: ViewportSize) -> ScreenPoint {
    let transform = Transform(camera: camera, size: size)
    let world = WebMercator.project(point, zoom: transform.camera.zoom)
    let screen = transform.projector(atZoom: transform.camera.zoom).project(x: world.x, y: world.y)
    return ScreenPoint(x: screen.x, y: screen.y)
}

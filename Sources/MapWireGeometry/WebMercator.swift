import Foundation

/// Spherical Web Mercator into "world pixels" of a 512 px tile pyramid (x right, y down, origin at the
/// north-west corner), and into world units, where the whole world is 0...1 on both axes.
public enum WebMercator {
    /// World tile size in px, as GL map engines use.
    public static let tileSize: Double = 512
    /// Latitude at which the mercator world becomes square; beyond it y diverges.
    public static let maxLatitude: Double = 85.051129

    /// Width (and height) of the whole world in px at `zoom`: 512 * 2^zoom.
    public static func worldSize(zoom: Double) -> Double {
        tileSize * pow(2, zoom)
    }

    /// World units (0...1) of a position. Latitude is clamped to ±maxLatitude so the poles stay finite.
    public static func world(longitude: Double, latitude: Double) -> PlanePoint {
        let lat = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        let y = 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi)
        return PlanePoint(x: (longitude + 180) / 360, y: y)
    }

    /// World pixel coordinates at `zoom`.
    public static func project(longitude: Double, latitude: Double, zoom: Double) -> (x: Double, y: Double) {
        let size = worldSize(zoom: zoom)
        let unit = world(longitude: longitude, latitude: latitude)
        return (unit.x * size, unit.y * size)
    }

    /// Inverse of `project`. Longitude is not wrapped, so x outside the world gives |lon| > 180.
    public static func coordinates(x: Double, y: Double, zoom: Double) -> (longitude: Double, latitude: Double) {
        let size = worldSize(zoom: zoom)
        let longitude = x / size * 360 - 180
        let mercatorY = (0.5 - y / size) * 2 * .pi
        let latitude = (2 * atan(exp(mercatorY)) - .pi / 2) * 180 / .pi
        return (longitude, latitude)
    }
}

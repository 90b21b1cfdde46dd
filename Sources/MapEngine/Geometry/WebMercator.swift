import Foundation

/// Spherical web-mercator projection into "world pixels" of a 512 px tile pyramid.
public enum WebMercator {
    /// World tile size in px, as GL map engines use.
    public static let tileSize: Double = 512
    /// Latitude at which the mercator world becomes square; beyond it y diverges.
    public static let maxLatitude: Double = 85.051129

    /// Width (and height) of the whole world in px at `zoom`: 512 * 2^zoom.
    public static func worldSize(zoom: Double) -> Double {
        tileSize * pow(2, zoom)
    }

    /// Projects to world pixel coordinates at `zoom` (x right, y down, origin at the north-west corner).
    /// Latitude is clamped to ±maxLatitude so the poles stay finite.
    public static func project(_ p: LngLat, zoom: Double) -> (x: Double, y: Double) {
        let size = worldSize(zoom: zoom)
        let lat = min(max(p.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (p.longitude + 180) / 360
        let y = 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi)
        return (x * size, y * size)
    }

    /// Inverse of `project`. Longitude is not wrapped, so x outside the world gives |lon| > 180.
    public static func unproject(x: Double, y: Double, zoom: Double) -> LngLat {
        let size = worldSize(zoom: zoom)
        let longitude = x / size * 360 - 180
        let mercatorY = (0.5 - y / size) * 2 * .pi
        let latitude = (2 * atan(exp(mercatorY)) - .pi / 2) * 180 / .pi
        return LngLat(longitude: longitude, latitude: latitude)
    }
}

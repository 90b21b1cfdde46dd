import Foundation

/// Spherical Web Mercator in world units: the whole world is 0...1 on both axes, y pointing down.
enum WebMercator {
    /// Beyond this latitude the projection runs off to infinity; the world square ends here.
    static let maximumLatitude = 85.051129

    static func world(_ position: GeoPosition) -> WorldPoint {
        let latitude = min(max(position.latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let y = 0.5 - log(tan(.pi / 4 + latitude / 2)) / (2 * .pi)
        return WorldPoint(x: position.longitude / 360 + 0.5, y: y)
    }
}

/// A point in world units (see `WebMercator`) or, after scaling, in tile units.
struct WorldPoint: Equatable, Sendable {
    var x: Double
    var y: Double
}

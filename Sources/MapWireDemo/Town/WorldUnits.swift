import Foundation
import MapWireGeometry

/// Web Mercator in "world units": the whole world is 0...1 on both axes, y down.
enum WorldUnits {
    static func world(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let p = WebMercator.world(longitude: longitude, latitude: latitude)
        return (p.x, p.y)
    }

    /// Column/row of the XYZ tile holding a world position at `zoom`.
    static func tile(worldX: Double, worldY: Double, zoom: Int) -> (x: Int, y: Int) {
        let scale = Double(1 << zoom)
        let last = (1 << zoom) - 1
        return (min(last, max(0, Int(floor(worldX * scale)))), min(last, max(0, Int(floor(worldY * scale)))))
    }
}

/// Converts the plan's local metres to longitude/latitude around a centre (equirectangular: exact
/// enough over two kilometres).
struct LocalFrame {
    static let metresPerDegreeLatitude = 111_320.0

    let longitude: Double
    let latitude: Double

    func geographic(_ point: LocalPoint) -> (longitude: Double, latitude: Double) {
        let metresPerDegreeLongitude = Self.metresPerDegreeLatitude * cos(latitude * .pi / 180)
        return (longitude + point.x / metresPerDegreeLongitude, latitude + point.y / Self.metresPerDegreeLatitude)
    }
}

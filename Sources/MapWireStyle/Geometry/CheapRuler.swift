import Foundation

/// Distances in metres between nearby [longitude, latitude] positions, with the flat-earth approximation
/// around one latitude that the specification's `distance` uses (mapbox/cheap-ruler, WGS84 ellipsoid).
struct CheapRuler {
    private let kx: Double
    private let ky: Double

    init(latitude: Double) {
        let equatorialRadius = 6378.137
        let flattening = 1 / 298.257223563
        let e2 = flattening * (2 - flattening)
        let m = Double.pi / 180 * equatorialRadius * 1000
        let cosLatitude = cos(latitude * Double.pi / 180)
        let w2 = 1 / (1 - e2 * (1 - cosLatitude * cosLatitude))
        let w = w2.squareRoot()
        kx = m * w * cosLatitude
        ky = m * w * w2 * (1 - e2)
    }

    func distance(_ a: [Double], _ b: [Double]) -> Double {
        let dx = Self.wrap(a[0] - b[0]) * kx
        let dy = (a[1] - b[1]) * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point of `line` nearest to `p`.
    func nearestPoint(on line: [[Double]], to p: [Double]) -> [Double] {
        var minDistance = Double.infinity
        var nearest: [Double] = [.nan, .nan]
        for i in 0..<max(0, line.count - 1) {
            var x = line[i][0], y = line[i][1]
            var dx = Self.wrap(line[i + 1][0] - x) * kx
            var dy = (line[i + 1][1] - y) * ky
            if dx != 0 || dy != 0 {
                let t = (Self.wrap(p[0] - x) * kx * dx + (p[1] - y) * ky * dy) / (dx * dx + dy * dy)
                if t > 1 {
                    x = line[i + 1][0]
                    y = line[i + 1][1]
                } else if t > 0 {
                    x += dx / kx * t
                    y += dy / ky * t
                }
            }
            dx = Self.wrap(p[0] - x) * kx
            dy = (p[1] - y) * ky
            let squared = dx * dx + dy * dy
            if squared < minDistance {
                minDistance = squared
                nearest = [x, y]
            }
        }
        return nearest
    }

    private static func wrap(_ degrees: Double) -> Double {
        var d = degrees
        while d < -180 { d += 360 }
        while d > 180 { d -= 360 }
        return d
    }
}

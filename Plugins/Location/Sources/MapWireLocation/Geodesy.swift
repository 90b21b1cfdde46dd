import Foundation

/// Spherical-earth helpers. Why a sphere: at replay scale the error (<0.5 %) is far below GPS noise.
enum Geodesy {
    /// Mean earth radius (IUGG), metres.
    static let earthRadius = 6_371_008.8

    private static func rad(_ d: Double) -> Double { d * .pi / 180 }
    private static func deg(_ r: Double) -> Double { r * 180 / .pi }

    /// Great-circle distance in metres (haversine: stable for the short hops routes are made of).
    static func distance(_ a: (lat: Double, lon: Double), _ b: (lat: Double, lon: Double)) -> Double {
        let dLat = rad(b.lat - a.lat), dLon = rad(b.lon - a.lon)
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(rad(a.lat)) * cos(rad(b.lat)) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// Initial bearing from a to b, degrees clockwise from north in 0..<360.
    static func bearing(_ a: (lat: Double, lon: Double), _ b: (lat: Double, lon: Double)) -> Double {
        let φ1 = rad(a.lat), φ2 = rad(b.lat), dλ = rad(b.lon - a.lon)
        let y = sin(dλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(dλ)
        let d = deg(atan2(y, x))
        return d < 0 ? d + 360 : (d >= 360 ? d - 360 : d)
    }

    /// The point a fraction `f` of the way along the great circle from a to b.
    static func interpolate(
        _ a: (lat: Double, lon: Double), _ b: (lat: Double, lon: Double), fraction f: Double
    ) -> (lat: Double, lon: Double) {
        let δ = distance(a, b) / earthRadius
        guard δ > 1e-12 else { return a }
        let wa = sin((1 - f) * δ) / sin(δ), wb = sin(f * δ) / sin(δ)
        let φ1 = rad(a.lat), λ1 = rad(a.lon), φ2 = rad(b.lat), λ2 = rad(b.lon)
        let x = wa * cos(φ1) * cos(λ1) + wb * cos(φ2) * cos(λ2)
        let y = wa * cos(φ1) * sin(λ1) + wb * cos(φ2) * sin(λ2)
        let z = wa * sin(φ1) + wb * sin(φ2)
        return (deg(atan2(z, sqrt(x * x + y * y))), deg(atan2(y, x)))
    }
}

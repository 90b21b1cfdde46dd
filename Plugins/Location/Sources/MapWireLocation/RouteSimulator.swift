import Foundation

/// Drives along a line at constant speed, producing a fix every `interval` seconds.
///
/// Why: lets the map be exercised "in motion" from a drawn route, without a recorded track.
public struct RouteSimulator: Sendable {
    /// Vertices as (lat, lon, altitude?), in driving order.
    public let coordinates: [(latitude: Double, longitude: Double, altitude: Double?)]

    public init(coordinates: [(latitude: Double, longitude: Double, altitude: Double?)]) throws {
        guard !coordinates.isEmpty else { throw LocationSourceError.noPoints }
        for c in coordinates where !LocationFix.isValid(latitude: c.latitude, longitude: c.longitude) {
            throw LocationSourceError.badCoordinate(latitude: "\(c.latitude)", longitude: "\(c.longitude)", line: 0)
        }
        self.coordinates = coordinates
    }

    /// A GeoJSON LineString, or a Feature whose geometry is one. Positions are [lon, lat, alt?].
    public init(geoJSON data: Data) throws {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw LocationSourceError.malformedGeoJSON("not JSON: \(error)")
        }
        guard var geometry = object as? [String: Any] else { throw LocationSourceError.malformedGeoJSON("not an object") }
        if geometry["type"] as? String == "Feature" {
            guard let g = geometry["geometry"] as? [String: Any] else {
                throw LocationSourceError.malformedGeoJSON("Feature without geometry")
            }
            geometry = g
        }
        guard geometry["type"] as? String == "LineString" else {
            throw LocationSourceError.malformedGeoJSON("expected LineString, got \(geometry["type"] ?? "nothing")")
        }
        guard let positions = geometry["coordinates"] as? [[Double]] else {
            throw LocationSourceError.malformedGeoJSON("coordinates must be an array of number arrays")
        }
        let coordinates = try positions.map { p in
            guard p.count >= 2 else { throw LocationSourceError.malformedGeoJSON("position with fewer than 2 numbers") }
            return (latitude: p[1], longitude: p[0], altitude: p.count > 2 ? p[2] : nil)
        }
        try self.init(coordinates: coordinates)
    }

    /// Fixes from the first vertex to exactly the last one.
    /// - Parameters:
    ///   - speed: metres per second, > 0.
    ///   - interval: seconds between fixes, > 0. The last gap is shorter unless the length divides evenly.
    ///   - start: timestamp of the first fix; nil leaves fixes untimed.
    public func fixes(speed: Double, interval: Double, start: Date? = nil) -> [LocationFix] {
        precondition(speed > 0 && interval > 0, "speed and interval must be positive")
        let points = coordinates.map { (lat: $0.latitude, lon: $0.longitude) }
        let lengths = zip(points, points.dropFirst()).map { Geodesy.distance($0, $1) }
        let total = lengths.reduce(0, +)
        let step = speed * interval
        var out: [LocationFix] = []
        var segment = 0, segmentStart = 0.0  // distance along the line where `segment` begins
        var n = 0
        while true {
            let travelled = min(Double(n) * step, total)
            // Advance to the segment containing `travelled`, skipping zero-length ones.
            while segment < lengths.count - 1, segmentStart + lengths[segment] <= travelled {
                segmentStart += lengths[segment]
                segment += 1
            }
            out.append(fix(at: travelled, segment: segment, segmentStart: segmentStart, lengths: lengths,
                           atEnd: travelled >= total, speed: speed, time: travelled / speed, start: start))
            if travelled >= total { break }
            n += 1
        }
        return out
    }

    private func fix(
        at travelled: Double, segment: Int, segmentStart: Double, lengths: [Double], atEnd: Bool,
        speed: Double, time: Double, start: Date?
    ) -> LocationFix {
        guard !lengths.isEmpty else {  // a single vertex: standing still
            let c = coordinates[0]
            return LocationFix(latitude: c.latitude, longitude: c.longitude, altitude: c.altitude, speed: 0,
                               timestamp: start)
        }
        let a = coordinates[segment], b = coordinates[segment + 1]
        let length = lengths[segment]
        // Why `atEnd`: summed segment lengths drift by rounding; the last fix must be the vertex itself.
        let f = atEnd || length <= 0 ? 1 : min(1, (travelled - segmentStart) / length)
        let p = f >= 1 ? (lat: b.latitude, lon: b.longitude)
            : Geodesy.interpolate((a.latitude, a.longitude), (b.latitude, b.longitude), fraction: f)
        var altitude: Double?
        if let za = a.altitude, let zb = b.altitude { altitude = za + (zb - za) * f }
        return LocationFix(
            latitude: p.lat, longitude: p.lon, altitude: altitude,
            course: length > 0 ? Geodesy.bearing((a.latitude, a.longitude), (b.latitude, b.longitude)) : nil,
            speed: speed, timestamp: start?.addingTimeInterval(time))
    }
}

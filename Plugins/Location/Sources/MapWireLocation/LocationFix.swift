import Foundation

/// One position report, whatever its source (GPX, NMEA, simulated route).
///
/// Optional fields stay `nil` rather than 0 because sources differ in what they know:
/// an untimed GPX route has no timestamp, a GGA sentence has no speed, and a consumer
/// must be able to tell "unknown" from "zero".
public struct LocationFix: Sendable, Equatable {
    /// Degrees, WGS 84, -90...90.
    public var latitude: Double
    /// Degrees, WGS 84, -180...180.
    public var longitude: Double
    /// Metres above mean sea level.
    public var altitude: Double?
    /// Metres (1-sigma-ish; derived from HDOP where that is all a source gives).
    public var horizontalAccuracy: Double?
    /// Direction of travel, degrees clockwise from true north, 0..<360.
    public var course: Double?
    /// Metres per second.
    public var speed: Double?
    /// Direction the device faces, degrees from true north (may differ from course).
    public var heading: Double?
    public var timestamp: Date?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        course: Double? = nil, speed: Double? = nil, heading: Double? = nil, timestamp: Date? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.course = course
        self.speed = speed
        self.heading = heading
        self.timestamp = timestamp
    }

    /// True when both coordinates are finite and within WGS 84 ranges.
    public static func isValid(latitude: Double, longitude: Double) -> Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}

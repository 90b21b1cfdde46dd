/// Where the map is looked at from: centre, zoom, rotation and tilt.
public struct Camera: Equatable, Sendable {
    public var center: LngLat
    public var zoom: Double
    /// Degrees; the compass direction the top of the screen faces (GL engine convention).
    public var bearing: Double
    /// Degrees away from looking straight down.
    public var pitch: Double

    public init(center: LngLat, zoom: Double, bearing: Double = 0, pitch: Double = 0) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
    }

    /// Whether every value is a finite number (a camera computed from extreme inputs may not be).
    public var isFinite: Bool {
        center.longitude.isFinite && center.latitude.isFinite && zoom.isFinite && bearing.isFinite && pitch.isFinite
    }

    /// MapLibre GL JS 5's largest pitch: past about 68.6° GL's horizon comes into view,
    /// where the sky is drawn and the map stops at GL's far plane (`Transform.groundTop`).
    public static let maxPitch: Double = 85
    public static let maxZoom: Double = 24

    /// Clamped copy: latitude to ±85.051129, longitude wrapped to [-180,180),
    /// zoom to 0...maxZoom, pitch 0...maxPitch, bearing normalised to (-180,180].
    public func clamped() -> Camera {
        Camera(
            center: LngLat(
                longitude: Self.wrappedLongitude(center.longitude),
                latitude: min(max(center.latitude, -WebMercator.maxLatitude), WebMercator.maxLatitude)),
            zoom: min(max(zoom, 0), Self.maxZoom),
            bearing: Self.normalisedBearing(bearing),
            pitch: min(max(pitch, 0), Self.maxPitch))
    }

    static func wrappedLongitude(_ longitude: Double) -> Double {
        // In-range values pass untouched: the shift-and-remainder below would cost them low bits.
        if longitude >= -180, longitude < 180 { return longitude }
        let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
        // truncatingRemainder keeps the sign of the dividend, so fold negatives back up.
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }

    /// A bearing in degrees folded into (-180, 180] (also a turn between two bearings, the short way).
    public static func normalisedBearing(_ bearing: Double) -> Double {
        var b = bearing.truncatingRemainder(dividingBy: 360)
        if b > 180 { b -= 360 }
        if b <= -180 { b += 360 }
        return b
    }
}

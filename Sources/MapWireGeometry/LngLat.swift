/// A geographic position in degrees (WGS84 longitude/latitude).
public struct LngLat: Equatable, Hashable, Sendable {
    public var longitude: Double
    public var latitude: Double

    public init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

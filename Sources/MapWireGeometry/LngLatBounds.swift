/// A geographic rectangle in degrees. When `east < west` the box crosses the antimeridian.
public struct LngLatBounds: Equatable, Hashable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// North-west, north-east, south-east, south-west. Across the antimeridian the eastern
    /// corners get +360° so the corners stay one contiguous box on the unwrapped world.
    public var corners: [LngLat] {
        let unwrappedEast = east < west ? east + 360 : east
        return [
            LngLat(longitude: west, latitude: north), LngLat(longitude: unwrappedEast, latitude: north),
            LngLat(longitude: unwrappedEast, latitude: south), LngLat(longitude: west, latitude: south),
        ]
    }
}

extension WebMercator {
    /// World pixel coordinates of `p` at `zoom`; latitude is clamped to ±maxLatitude.
    public static func project(_ p: LngLat, zoom: Double) -> (x: Double, y: Double) {
        project(longitude: p.longitude, latitude: p.latitude, zoom: zoom)
    }

    /// Inverse of `project`. Longitude is not wrapped, so x outside the world gives |lon| > 180.
    public static func unproject(x: Double, y: Double, zoom: Double) -> LngLat {
        let c = coordinates(x: x, y: y, zoom: zoom)
        return LngLat(longitude: c.longitude, latitude: c.latitude)
    }
}

extension Transform {
    /// This transform's camera moved sideways (zoom, bearing and pitch kept) so that `point`
    /// lies under the given screen point. Exact for any bearing and pitch: the ground offset of a
    /// screen point from the camera centre depends on zoom, bearing, pitch and size, not on the centre.
    /// The result is clamped, so near the mercator latitude limit the point may end up short of the spot.
    public func camera(placing point: LngLat, atScreenX screenX: Double, screenY: Double) -> Camera {
        let zoom = camera.zoom
        let target = WebMercator.project(point, zoom: zoom)
        let center = WebMercator.project(camera.center, zoom: zoom)
        let under = groundPoint(screenX: screenX, screenY: screenY, atZoom: zoom)
        let newCenter = WebMercator.unproject(
            x: target.x - (under.x - center.x), y: target.y - (under.y - center.y), zoom: zoom)
        return Camera(center: newCenter, zoom: zoom, bearing: camera.bearing, pitch: camera.pitch).clamped()
    }

    /// Same as `camera(placing:atScreenX:screenY:)` with a `ScreenPoint`.
    public func camera(placing point: LngLat, at screen: ScreenPoint) -> Camera {
        camera(placing: point, atScreenX: screen.x, screenY: screen.y)
    }

    /// The geographic position under a screen point.
    public func groundCoordinate(at screen: ScreenPoint) -> LngLat {
        groundCoordinate(screenX: screen.x, screenY: screen.y)
    }
}

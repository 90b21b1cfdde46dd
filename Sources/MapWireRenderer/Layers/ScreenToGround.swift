import MapWireCanvas
import MapWireGeometry

/// Where each screen point lies on the ground, in world px at one zoom: the inverse of the camera's
/// perspective map of the ground plane, a homography worked out once per frame, so layers drawn
/// pixel by pixel (heatmaps, hillshades) pay a few multiplications and one division per pixel.
struct ScreenToGround {
    private let map: Homography
    /// The sign the map's weight has below the horizon (where the screen centre is).
    private let visibleSign: Double

    /// Nil when the ground is seen edge on.
    init?(_ transform: Transform, zoom: Double) {
        let projector = transform.projector(atZoom: zoom)
        let center = WebMercator.project(transform.camera.center, zoom: zoom)
        // Sampled a long step away and scaled back: the map is linear, the long step keeps digits.
        let step = 256.0
        let o = projector.homogeneous(x: center.x, y: center.y)
        let a = projector.homogeneous(x: center.x + step, y: center.y)
        let b = projector.homogeneous(x: center.x, y: center.y + step)
        let screen = Homography(columnS: ((a.x - o.x) / step, (a.y - o.y) / step, (a.w - o.w) / step),
                                columnT: ((b.x - o.x) / step, (b.y - o.y) / step, (b.w - o.w) / step),
                                origin: (o.x, o.y, o.w))
        guard let inverse = screen.inverse else { return nil }
        map = Homography.affine(xx: 1, xy: 0, x0: center.x, yx: 0, yy: 1, y0: center.y).after(inverse)
        let middle = (Double(transform.size.width) / 2, Double(transform.size.height) / 2)
        visibleSign = map.weight(middle.0, middle.1) >= 0 ? 1 : -1
    }

    /// The world point (px at the zoom) under screen point (x, y) in logical px; nil above the horizon.
    @inline(__always)
    func ground(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        guard map.weight(x, y) * visibleSign > 0 else { return nil }
        return map.apply(x, y)
    }
}

import Foundation
import MapWireCanvas
import MapWireGeometry

/// Geographic coordinates to screen px (logical) through the camera the style layers use, bearing
/// and pitch included. A shape is taken whole from the world copy nearest the camera (by its first
/// coordinate), as MapEngine's AnnotationHitTest does, so what is drawn is what a tap hits.
struct OverlayProjection {
    let projector: ScreenProjector
    let zoom: Double
    let worldSize: Double
    let centerX: Double

    init(transform: Transform) {
        zoom = transform.camera.zoom
        projector = transform.projector(atZoom: zoom)
        worldSize = WebMercator.worldSize(zoom: zoom)
        centerX = WebMercator.project(transform.camera.center, zoom: zoom).x
    }

    /// World px (at the camera's zoom) of `p`, shifted by whole worlds to the copy nearest the camera
    /// as `reference` is.
    func world(_ p: LngLat, wrapLike reference: LngLat? = nil) -> (x: Double, y: Double) {
        let w = WebMercator.project(p, zoom: zoom)
        let x0 = reference.map { WebMercator.project($0, zoom: zoom).x } ?? w.x
        let shift = ((centerX - x0) / worldSize).rounded() * worldSize
        return (w.x + shift, w.y)
    }

    func screen(world w: (x: Double, y: Double)) -> Point2D {
        let s = projector.project(x: w.x, y: w.y)
        return Point2D(x: s.x, y: s.y)
    }

    func screen(_ p: LngLat) -> Point2D { screen(world: world(p)) }

    func screen(_ ring: [LngLat], wrapLike reference: LngLat? = nil) -> [Point2D] {
        guard let first = reference ?? ring.first else { return [] }
        return ring.map { screen(world: world($0, wrapLike: first)) }
    }

    /// World px per metre on the ground at `latitude` (mercator stretches by 1 / cos latitude).
    func worldPixelsPerMeter(atLatitude latitude: Double) -> Double {
        let circumference = 2 * Double.pi * 6_378_137.0
        return worldSize / (circumference * max(1e-9, cos(latitude * .pi / 180)))
    }
}

import Foundation
import MapEngine
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer
import Testing

/// The overlay's shapes agree with what MapEngine hit-tests and with the camera.
struct OverlayShapeTests {
    @Test func thePinFillsTheHitTestBoxAndStandsOnItsTip() {
        // The outline's extremes are the 20 × 30 box AnnotationHitTest uses, bottom centre on the tip.
        let box = (width: AnnotationDefaults.pinWidth, height: AnnotationDefaults.pinHeight)
        #expect(PinShape.width == box.width && PinShape.height == box.height)
        #expect(PinShape.headRise + PinShape.headRadius == box.height && 2 * PinShape.headRadius == box.width)
    }

    @Test func theCalloutTailLeavesTheEdgeFacingItsPoint() {
        let bubble = OverlayRect(x: 10, y: 10, width: 100, height: 40)
        let below = CalloutPainter.outlinePoints(bubble: bubble, tail: Point2D(x: 60, y: 70))
        #expect(below.contains(Point2D(x: 60, y: 70)))
        #expect(below.allSatisfy { $0.y <= 70 } && below.contains { $0.y > 50 })
        let above = CalloutPainter.outlinePoints(bubble: bubble, tail: Point2D(x: 200, y: 0))
        // The tail's base stays clear of the rounded corner even when the point lies beyond the bubble.
        let base = above.filter { $0.y == 10 && $0.x > 90 }
        #expect(above.contains(Point2D(x: 200, y: 0)) && base.allSatisfy { $0.x <= 110 - CalloutPainter.cornerRadius })
    }

    @Test func theAccuracyRingIsACircleOnTheGroundFlattenedByPitch() {
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 10, pitch: 60)
        let projection = OverlayProjection(transform: Transform(camera: camera, size: ViewportSize(width: 400, height: 400)))
        let center = projection.world(camera.center)
        // 1 km at the equator.
        let radius = 1000 * projection.worldPixelsPerMeter(atLatitude: 0)
        #expect(abs(radius - WebMercator.worldSize(zoom: 10) / 40_075.016_686) < 1e-6)
        let ring = PuckPainter.ringPath(centerWorld: center, radius: radius, projection: projection)
        #expect(ring != nil)
        let east = projection.screen(world: (center.x + radius, center.y)), north = projection.screen(world: (center.x, center.y - radius))
        #expect(abs(east.x - 200 - radius) < 1e-6, "across the screen: full width at the centre")
        #expect(200 - north.y < radius * 0.9, "along the view: shortened by the pitch")
        #expect(PuckPainter.ringPath(centerWorld: center, radius: 0.1, projection: projection) == nil)
    }

    @Test func aShapeIsDrawnFromTheWorldCopyNearestTheCamera() {
        let camera = Camera(center: LngLat(longitude: 179, latitude: 0), zoom: 3)
        let projection = OverlayProjection(transform: Transform(camera: camera, size: ViewportSize(width: 512, height: 512)))
        // A line across the antimeridian stays in one piece next to the camera.
        let line = projection.screen([LngLat(longitude: 178, latitude: 0), LngLat(longitude: 182, latitude: 0)])
        #expect(abs(line[0].x - 256) < 40 && line[1].x > line[0].x && line[1].x - line[0].x < 100)
        let wrapped = projection.screen(LngLat(longitude: -179, latitude: 0))
        #expect(abs(wrapped.x - 256) < 40, "-179° is drawn beside 179°, not a world away")
    }
}

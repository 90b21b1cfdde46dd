import Foundation
import MapWireCanvas

/// Draws the user-location puck as MapLibre's iOS default view looks: the accuracy ring on the ground
/// (a disc with a thin outline, flattened by pitch like the map), the halo, a white
/// disc with the fill-coloured dot inside it, and a heading arrow outside the dot when the heading is
/// known, turned by the heading minus the map's bearing. Sizes in points.
enum PuckPainter {
    static let dotRadius = 8.25
    static let borderRadius = 11.0
    static let haloRadius = 20.0
    /// The ring's outline is the ring colour twice as opaque as its fill (the colours carry their own
    /// translucency: PROTOCOL.md 7.10's defaults are rgba with alpha 0.3 for the halo, 0.15 for the ring).
    static let ringOutlineAlphaFactor = 2.0

    static func paint(_ puck: OverlayPuck, projection: OverlayProjection, bearing: Double, canvas: Canvas) {
        let centerWorld = projection.world(puck.coordinate)
        let center = projection.screen(world: centerWorld)
        guard center.x.isFinite, center.y.isFinite else { return }
        if puck.accuracyMeters > 0, puck.accuracyMeters.isFinite {
            let radius = puck.accuracyMeters * projection.worldPixelsPerMeter(atLatitude: puck.coordinate.latitude)
            // A ring larger than the canvas by far covers it all: its outline is off screen.
            let ring = ringPath(centerWorld: centerWorld, radius: radius, projection: projection)
            if let ring {
                canvas.fill(ring, color: puck.accuracyRingColor)
                var outline = puck.accuracyRingColor
                outline.a = min(1, outline.a * ringOutlineAlphaFactor)
                canvas.stroke(ring, color: outline, style: StrokeStyle(width: 1))
            }
        }
        canvas.circle(center: center, radius: haloRadius, color: puck.haloColor)
        if let heading = puck.headingDegrees, heading.isFinite {
            canvas.fill(arrow(center: center, angle: (heading - bearing) * .pi / 180), color: puck.headingArrowColor)
        }
        canvas.circle(center: center, radius: borderRadius, color: .white)
        canvas.circle(center: center, radius: dotRadius, color: puck.fillColor)
    }

    /// The accuracy circle on the ground, projected point by point; nil when it is too small to see
    /// or too large to draw.
    static func ringPath(centerWorld: (x: Double, y: Double), radius: Double, projection: OverlayProjection) -> CanvasPath? {
        guard radius >= 0.5, radius <= Canvas.maximumSize else { return nil }
        let steps = 72
        var points: [Point2D] = []
        points.reserveCapacity(steps)
        for i in 0..<steps {
            let a = 2 * Double.pi * Double(i) / Double(steps)
            points.append(projection.screen(world: (centerWorld.x + radius * cos(a), centerWorld.y + radius * sin(a))))
        }
        var path = CanvasPath()
        path.addRing(points, closed: true)
        return path
    }

    /// A triangle just outside the white disc pointing `angle` radians clockwise from screen-up.
    static func arrow(center: Point2D, angle: Double) -> CanvasPath {
        // In the arrow's frame: up is its direction; x to the right.
        let shape = [(0.0, -(borderRadius + 8)), (6.0, -(borderRadius - 1)), (-6.0, -(borderRadius - 1))]
        let c = cos(angle), s = sin(angle)
        var path = CanvasPath()
        path.addRing(shape.map { x, y in Point2D(x: center.x + x * c - y * s, y: center.y + x * s + y * c) }, closed: true)
        return path
    }
}

import Foundation
import MapWireCanvas

/// The built-in pin: a 20 × 30 point marker (a round head narrowing to a tip) with a white dot,
/// its tip (the bottom centre of the box MapEngine's AnnotationHitTest uses) on the coordinate.
enum PinShape {
    static let width = 20.0
    static let height = 30.0
    /// The head's centre above the tip, and its radius.
    static let headRise = 20.0
    static let headRadius = 10.0
    static let dotRadius = 3.5

    /// The outline with the tip at `tip`: from the tip up to where the sides touch the head, around the
    /// top of the head, and back down.
    static func outline(tip: Point2D, scale: Double = 1) -> CanvasPath {
        let center = Point2D(x: tip.x, y: tip.y - headRise * scale)
        let r = headRadius * scale
        // The sides touch the head 60° either side of straight down (cos 60° = radius / rise).
        let touch = acos(headRadius / headRise)
        let down = Double.pi / 2
        var points = [tip]
        let steps = 24
        // From the right touching point over the top (screen angles decrease) to the left one.
        let start = down - touch, end = down + touch - 2 * Double.pi
        for i in 0...steps {
            let a = start + (end - start) * Double(i) / Double(steps)
            points.append(Point2D(x: center.x + r * cos(a), y: center.y + r * sin(a)))
        }
        var path = CanvasPath()
        path.addRing(points, closed: true)
        return path
    }

    static func draw(tip: Point2D, tint: CanvasColor, selected: Bool, on canvas: Canvas) {
        // A selected pin stands a little larger, from the same tip.
        let scale = selected ? 1.15 : 1
        let outline = outline(tip: tip, scale: scale)
        canvas.fill(outline, color: CanvasColor(r: tint.r, g: tint.g, b: tint.b, a: 1))
        let darker = CanvasColor(r: tint.r * 0.6, g: tint.g * 0.6, b: tint.b * 0.6, a: 1)
        canvas.stroke(outline, color: darker, style: StrokeStyle(width: 1, join: .round))
        canvas.circle(center: Point2D(x: tip.x, y: tip.y - headRise * scale), radius: dotRadius * scale, color: .white)
    }
}

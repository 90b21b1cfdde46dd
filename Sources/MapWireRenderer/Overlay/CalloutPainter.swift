import Foundation
import MapWireCanvas

/// Draws the selected annotation's callout where the core laid it out: a rounded white bubble with
/// a light shadow and border, a tail down (or up) to the annotation, the title (bold) and subtitle
/// centred between the accessories, and each accessory as a tinted box with its label.
enum CalloutPainter {
    static let cornerRadius = 8.0
    static let cornerSteps = 6
    static let tailHalfWidth = 8.0
    static let titleSize = 15.0
    static let subtitleSize = 12.0
    static let accessorySize = 12.0
    static let border = CanvasColor(r: 0, g: 0, b: 0, a: 0.2)
    static let shadow = CanvasColor(r: 0, g: 0, b: 0, a: 0.12)
    static let titleColor = CanvasColor(r: 0.1, g: 0.1, b: 0.1, a: 1)
    static let subtitleColor = CanvasColor(r: 0.4, g: 0.4, b: 0.4, a: 1)
    static let accessoryFill = CanvasColor(r: 0.91, g: 0.94, b: 1, a: 1)

    static func paint(_ callout: OverlayCallout, text: OverlayText, canvas: Canvas) {
        let bubble = callout.bubble
        guard bubble.isUsable, callout.tail.x.isFinite, callout.tail.y.isFinite else { return }
        let outline = shape(bubble: bubble, tail: callout.tail)
        var shadowPath = CanvasPath()
        shadowPath.addRing(outlinePoints(bubble: bubble, tail: callout.tail).map { Point2D(x: $0.x, y: $0.y + 2) }, closed: true)
        canvas.fill(shadowPath, color: shadow)
        canvas.fill(outline, color: .white)
        canvas.stroke(outline, color: border, style: StrokeStyle(width: 1, join: .round))

        var contentLeft = bubble.x + 10, contentRight = bubble.maxX - 10
        for (accessory, isLeft) in [(callout.leftAccessory, true), (callout.rightAccessory, false)] {
            guard let accessory, accessory.rect.isUsable else { continue }
            paintAccessory(accessory.rect, label: accessory.label, text: text, canvas: canvas)
            if isLeft { contentLeft = max(contentLeft, accessory.rect.maxX + 8) } else { contentRight = min(contentRight, accessory.rect.x - 8) }
        }
        guard contentRight > contentLeft else { return }
        var clip = CanvasPath()
        clip.addRing(rectangle(OverlayRect(x: contentLeft, y: bubble.y, width: contentRight - contentLeft, height: bubble.height)), closed: true)
        canvas.save()
        canvas.clip(to: clip)
        let lines: [(String, Double, Bool, CanvasColor)] = [(callout.title, titleSize, true, titleColor),
                                                             (callout.subtitle, subtitleSize, false, subtitleColor)]
            .filter { !$0.0.isEmpty }
        for (index, line) in lines.enumerated() {
            // One line sits in the middle; two split the bubble's height.
            let centerY = lines.count == 1 ? bubble.y + bubble.height / 2 : bubble.y + bubble.height * (index == 0 ? 0.34 : 0.7)
            let width = text.width(line.0, size: line.1, bold: line.2)
            let left = max(contentLeft, (contentLeft + contentRight) / 2 - width / 2)
            text.draw(line.0, left: left, centerY: centerY, size: line.1, bold: line.2, color: line.3)
        }
        canvas.restore()
    }

    private static func paintAccessory(_ rect: OverlayRect, label: String, text: OverlayText, canvas: Canvas) {
        var path = CanvasPath()
        path.addRing(rounded(rect, radius: min(6, rect.width / 2, rect.height / 2)), closed: true)
        canvas.fill(path, color: accessoryFill)
        canvas.stroke(path, color: OverlayDefaults.tint, style: StrokeStyle(width: 1, join: .round))
        guard !label.isEmpty else { return }
        var clip = CanvasPath()
        clip.addRing(rectangle(rect), closed: true)
        canvas.save()
        canvas.clip(to: clip)
        let width = text.width(label, size: accessorySize, bold: false)
        text.draw(label, left: max(rect.x + 2, rect.x + rect.width / 2 - width / 2), centerY: rect.y + rect.height / 2,
                  size: accessorySize, bold: false, color: OverlayDefaults.tint)
        canvas.restore()
    }

    /// The bubble's outline with its tail; the tail leaves the bottom edge when the tail point is below
    /// the bubble's middle, else the top edge, at the tail's x kept clear of the corners.
    static func shape(bubble: OverlayRect, tail: Point2D) -> CanvasPath {
        var path = CanvasPath()
        path.addRing(outlinePoints(bubble: bubble, tail: tail), closed: true)
        return path
    }

    static func outlinePoints(bubble: OverlayRect, tail: Point2D) -> [Point2D] {
        let radius = min(cornerRadius, bubble.width / 2, bubble.height / 2)
        var points = rounded(bubble, radius: radius)
        let inset = radius + tailHalfWidth
        guard bubble.width > 2 * inset else { return points }
        let x = min(max(tail.x, bubble.x + inset), bubble.maxX - inset)
        if tail.y > bubble.maxY {
            // The bottom edge runs right to left from the bottom-right corner's end to the bottom-left's start.
            let at = 2 * (cornerSteps + 1)
            points.insert(contentsOf: [Point2D(x: x + tailHalfWidth, y: bubble.maxY), tail, Point2D(x: x - tailHalfWidth, y: bubble.maxY)], at: at)
        } else if tail.y < bubble.y {
            // The top edge closes the ring (from the top-right corner's end back to the first point).
            points.append(contentsOf: [Point2D(x: x + tailHalfWidth, y: bubble.y), tail, Point2D(x: x - tailHalfWidth, y: bubble.y)].reversed())
        }
        return points
    }

    /// A rounded rectangle clockwise from the end of the top-left corner: top edge, right, bottom, left.
    static func rounded(_ rect: OverlayRect, radius: Double) -> [Point2D] {
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (rect.maxX - radius, rect.y + radius, -Double.pi / 2),   // top right
            (rect.maxX - radius, rect.maxY - radius, 0),            // bottom right
            (rect.x + radius, rect.maxY - radius, Double.pi / 2),   // bottom left
            (rect.x + radius, rect.y + radius, Double.pi),          // top left
        ]
        var points: [Point2D] = []
        let steps = cornerSteps
        for corner in corners {
            for i in 0...steps {
                let a = corner.start + Double.pi / 2 * Double(i) / Double(steps)
                points.append(Point2D(x: corner.cx + radius * cos(a), y: corner.cy + radius * sin(a)))
            }
        }
        return points
    }

    static func rectangle(_ rect: OverlayRect) -> [Point2D] {
        [Point2D(x: rect.x, y: rect.y), Point2D(x: rect.maxX, y: rect.y), Point2D(x: rect.maxX, y: rect.maxY), Point2D(x: rect.x, y: rect.maxY)]
    }
}

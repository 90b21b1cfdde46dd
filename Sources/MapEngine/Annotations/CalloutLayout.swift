import MapWireGeometry

/// Where the selected annotation's callout bubble sits on screen (PROTOCOL.md 7.10): above its tip (the
/// top of a point's image, or where a shape was tapped), as wide as an estimate of its text, accessories
/// as squares at its ends, kept inside the viewport. Pure: recomputed each frame from the camera.
public struct CalloutLayout: Equatable, Sendable {
    public var bubble: ScreenRect
    public var leftAccessory: ScreenRect?
    public var rightAccessory: ScreenRect?
    /// Where the bubble's tail points (the tip, clamped into the viewport).
    public var tail: ScreenPoint

    public enum Part: Equatable, Sendable {
        case bubble
        case leftAccessory
        case rightAccessory
    }

    // Metrics in px (the renderer draws in these boxes; the text estimate need only be close).
    static let titleSize = 15.0, subtitleSize = 12.0
    /// A proportional font's average advance, as a share of its size.
    static let advancePerSize = 0.55
    static let padding = 10.0, lineGap = 4.0
    static let tailHeight = 8.0
    static let margin = 4.0
    static let minimumWidth = 60.0

    /// Lays out `text` above `tip` in a `size` viewport.
    public static func layout(_ text: CalloutText, tip: ScreenPoint, in size: ViewportSize) -> CalloutLayout {
        let textWidth = max(estimatedWidth(text.title, fontSize: titleSize), estimatedWidth(text.subtitle, fontSize: subtitleSize))
        var height = padding * 2 + titleSize
        if !text.subtitle.isEmpty { height += lineGap + subtitleSize }
        // Accessories are squares as tall as the bubble, at its ends.
        let accessories = Double([text.leftAccessory, text.rightAccessory].filter { !$0.isEmpty }.count)
        let viewportWidth = Double(size.width), viewportHeight = Double(size.height)
        let widest = max(minimumWidth, viewportWidth - 2 * margin)
        let width = min(widest, max(minimumWidth, textWidth + padding * 2 + accessories * height))
        // Centred over the tip, then moved inside the viewport (the tail still points at the tip).
        var x = tip.x - width / 2
        x = min(max(x, margin), max(margin, viewportWidth - margin - width))
        var y = tip.y - tailHeight - height
        y = min(max(y, margin), max(margin, viewportHeight - margin - height))
        let bubble = ScreenRect(x: x, y: y, width: width, height: height)
        let left = text.leftAccessory.isEmpty ? nil : ScreenRect(x: x, y: y, width: height, height: height)
        let right = text.rightAccessory.isEmpty ? nil : ScreenRect(x: x + width - height, y: y, width: height, height: height)
        let tail = ScreenPoint(x: min(max(tip.x, 0), viewportWidth), y: min(max(tip.y, 0), viewportHeight))
        return CalloutLayout(bubble: bubble, leftAccessory: left, rightAccessory: right, tail: tail)
    }

    /// The part of the callout at `point` (accessories before the bubble they sit in), or nil.
    public func part(at point: ScreenPoint) -> Part? {
        if let leftAccessory, leftAccessory.contains(point) { return .leftAccessory }
        if let rightAccessory, rightAccessory.contains(point) { return .rightAccessory }
        return bubble.contains(point) ? .bubble : nil
    }

    /// A width estimate for one line of text: wide characters (CJK, emoji) count double.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        let units = text.unicodeScalars.reduce(0.0) { sum, scalar in
            if scalar.properties.generalCategory == .nonspacingMark { return sum }
            return sum + (scalar.value >= 0x1100 ? 2 : 1)
        }
        return units * fontSize * advancePerSize
    }
}

import Foundation
import MapWireCanvas

/// The built-in pin drawn once per tint, selection and pixel ratio, then copied onto the frame for each
/// point annotation: with thousands of pins a copy costs a fraction of filling and stroking the outline
/// again. Pins are placed on whole device pixels, so each copy is exact (no resampling).
/// Not Sendable: the renderer's thread owns it.
final class PinStamps {
    private struct Key: Hashable {
        let r, g, b: Double
        let selected: Bool
        let pixelRatio: Double
    }

    /// The stamp's logical size and where the pin's tip sits in it (room for the selected pin and the
    /// outline's antialiasing).
    static let size = (width: 28.0, height: 38.0)
    static let tip = Point2D(x: 14, y: 36)
    /// Enough for every tint a frame is likely to use; past it the stamps are drawn anew.
    static let limit = 64

    private var stamps: [Key: CanvasImage] = [:]

    func stamp(tint: CanvasColor, selected: Bool, pixelRatio: Double) -> CanvasImage {
        let key = Key(r: tint.r, g: tint.g, b: tint.b, selected: selected, pixelRatio: pixelRatio)
        if let stamp = stamps[key] { return stamp }
        let canvas = Canvas(width: Int(Self.size.width), height: Int(Self.size.height), pixelRatio: pixelRatio)
        PinShape.draw(tip: Self.tip, tint: tint, selected: selected, on: canvas)
        let stamp = canvas.makeImage()
        if stamps.count >= Self.limit { stamps.removeAll(keepingCapacity: true) }
        stamps[key] = stamp
        return stamp
    }

    /// Copies the pin with its tip at `tip` (snapped to the device pixel grid).
    func draw(tip: Point2D, tint: CanvasColor, selected: Bool, on canvas: Canvas) {
        let ratio = canvas.pixelRatio
        let stamp = stamp(tint: tint, selected: selected, pixelRatio: ratio)
        let x = (tip.x * ratio).rounded() / ratio - Self.tip.x, y = (tip.y * ratio).rounded() / ratio - Self.tip.y
        canvas.draw(stamp, source: nil, into: (x, y, Double(stamp.width) / ratio, Double(stamp.height) / ratio), opacity: 1, smooth: false)
    }
}

import Foundation
import MapWireCanvas

/// An axis-aligned box in screen px.
struct ScreenBox: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    func intersects(_ other: ScreenBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func padded(_ p: Double) -> ScreenBox {
        ScreenBox(minX: minX - p, minY: minY - p, maxX: maxX + p, maxY: maxY + p)
    }

    func shifted(by d: Point2D) -> ScreenBox {
        ScreenBox(minX: minX + d.x, minY: minY + d.y, maxX: maxX + d.x, maxY: maxY + d.y)
    }

    /// The box around a rectangle given relative to `pivot`, after turning it by `rotation`
    /// radians about the pivot.
    static func around(pivot: Point2D, left: Double, top: Double, right: Double, bottom: Double, rotation: Double) -> ScreenBox {
        guard rotation != 0 else {
            return ScreenBox(minX: pivot.x + left, minY: pivot.y + top, maxX: pivot.x + right, maxY: pivot.y + bottom)
        }
        let c = cos(rotation), s = sin(rotation)
        var box = ScreenBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for (x, y) in [(left, top), (right, top), (right, bottom), (left, bottom)] {
            let px = pivot.x + x * c - y * s, py = pivot.y + x * s + y * c
            box.minX = min(box.minX, px); box.maxX = max(box.maxX, px)
            box.minY = min(box.minY, py); box.maxY = max(box.maxY, py)
        }
        return box
    }
}

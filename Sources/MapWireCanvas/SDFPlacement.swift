import Foundation
import MapWireNumerics

/// Where an SDF bitmap lands on the surface: bitmap pixel p maps to logical
/// pivot + M·R(rotation)·(origin + p·scale − pivot), times the pixel ratio for device pixels, where M
/// is the plane map (identity unless the shape lies on the pitched map).
struct SDFPlacement {
    let origin: Point2D, scale: Double, pivot: Point2D, pixelRatio: Double
    let cos: Double, sin: Double
    let plane: PlaneMap, inversePlane: PlaneMap
    /// Change of field coordinates per device pixel to the right.
    let stepX: (u: Double, v: Double)

    init?(origin: Point2D, scale: Double, rotation: Double, pivot: Point2D, pixelRatio: Double, plane: PlaneMap = .identity) {
        guard let inverse = plane.inverse else { return nil }
        self.origin = origin
        self.scale = scale
        self.pivot = pivot
        self.pixelRatio = pixelRatio
        self.plane = plane
        inversePlane = inverse
        cos = rotation == 0 ? 1 : Foundation.cos(rotation)
        sin = rotation == 0 ? 0 : Foundation.sin(rotation)
        // The device x axis taken back through the plane map and the rotation, in field pixels.
        let (rx, ry) = inverse.apply(1, 0)
        stepX = ((cos * rx + sin * ry) / (pixelRatio * scale), (-sin * rx + cos * ry) / (pixelRatio * scale))
    }

    /// Field coordinates (texel centres at integers) of a device-space point.
    func fieldPoint(deviceX: Double, deviceY: Double) -> (u: Double, v: Double) {
        let (dx, dy) = inversePlane.apply(deviceX / pixelRatio - pivot.x, deviceY / pixelRatio - pivot.y)
        // Undo the rotation about the pivot.
        let x = pivot.x + cos * dx + sin * dy
        let y = pivot.y - sin * dx + cos * dy
        return ((x - origin.x) / scale - 0.5, (y - origin.y) / scale - 0.5)
    }

    /// The device-pixel box covering the placed bitmap, clamped to the surface; nil if empty.
    func deviceBounds(width: Int, height: Int, clampWidth: Int, clampHeight: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (px, py) in [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))] {
            let lx = origin.x + px * scale - pivot.x, ly = origin.y + py * scale - pivot.y
            let (mx, my) = plane.apply(cos * lx - sin * ly, sin * lx + cos * ly)
            let x = (pivot.x + mx) * pixelRatio
            let y = (pivot.y + my) * pixelRatio
            minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
        }
        // A data-driven text size of 1e300 puts corners far beyond Int: saturate, then clamp.
        let x0 = Swift.max(0, Int(saturating: minX.rounded(.down))), y0 = Swift.max(0, Int(saturating: minY.rounded(.down)))
        let x1 = Swift.min(clampWidth, Int(saturating: maxX.rounded(.up))), y1 = Swift.min(clampHeight, Int(saturating: maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }
}

import Foundation
import MapWireGeometry

/// Which annotation a tap at a screen point hits, on the screen the camera shows (bearing and pitch
/// included): point annotations by their image box (bottom centre on the coordinate), polylines within
/// half their width plus `AnnotationDefaults.lineTolerance` px, polygons by their interior by the
/// even-odd rule (a tap in a hole misses the polygon). The topmost (last added) annotation hit wins.
public struct AnnotationHitTest: Sendable {
    let transform: Transform
    let projector: ScreenProjector
    let worldSize: Double
    let centerX: Double

    /// Screen points are logical px (the gestures' space): a box in points needs no pixel ratio.
    public init(transform: Transform) {
        self.transform = transform
        projector = transform.projector(atZoom: transform.camera.zoom)
        worldSize = WebMercator.worldSize(zoom: transform.camera.zoom)
        centerX = WebMercator.project(transform.camera.center, zoom: transform.camera.zoom).x
    }

    /// The id of the topmost annotation at `point`, if any. `annotations` is in drawing order (bottom first).
    /// `look` gives each annotation's point box (points), line width (points) and whether a shape takes
    /// taps; by default the built-in pin, MGLMapViewDelegate's default line width, enabled.
    public func topmost(at point: ScreenPoint, in annotations: [Annotation],
                        look: (Annotation) -> HitLook = { _ in HitLook() }) -> String? {
        annotations.last(where: { hits($0, at: point, look: look($0)) })?.id
    }

    /// What hit-testing needs of an annotation's appearance.
    public struct HitLook: Sendable {
        public var pointWidth: Double
        public var pointHeight: Double
        public var lineWidth: Double
        public var shapeEnabled: Bool

        public init(pointWidth: Double = AnnotationDefaults.pinWidth, pointHeight: Double = AnnotationDefaults.pinHeight,
                    lineWidth: Double = AnnotationDefaults.lineWidth, shapeEnabled: Bool = true) {
            self.pointWidth = pointWidth
            self.pointHeight = pointHeight
            self.lineWidth = lineWidth
            self.shapeEnabled = shapeEnabled
        }
    }

    public func hits(_ annotation: Annotation, at point: ScreenPoint, look: HitLook = HitLook()) -> Bool {
        let p = (x: point.x, y: point.y)
        switch annotation.shape {
        case .point(let at, _):
            let anchor = screen([at])[0]
            let width = look.pointWidth, height = look.pointHeight
            return abs(p.x - anchor.x) <= width / 2 && p.y <= anchor.y && p.y >= anchor.y - height
        case .polyline(let coordinates):
            return look.shapeEnabled && near(screen(coordinates), p, width: look.lineWidth)
        case .polygon(let outer, let holes):
            guard look.shapeEnabled else { return false }
            // Even-odd over the outer ring and its holes: inside the outer and in no hole.
            var inside = RingGeometry.contains(screen(outer), p)
            for hole in holes where RingGeometry.contains(screen(hole, wrapLike: outer[0]), p) { inside.toggle() }
            return inside
        }
    }

    /// Where a coordinate is on screen (the world copy nearest the camera).
    public func screenPoint(of coordinate: LngLat) -> ScreenPoint {
        let p = screen([coordinate])[0]
        return ScreenPoint(x: p.x, y: p.y)
    }

    /// Within reach of the line: half its width plus the tolerance.
    private func near(_ line: [(x: Double, y: Double)], _ p: (x: Double, y: Double), width: Double) -> Bool {
        let reach = width / 2 + AnnotationDefaults.lineTolerance
        for i in 0..<max(0, line.count - 1) where RingGeometry.distance(p, toSegment: line[i], line[i + 1]) <= reach {
            return true
        }
        return false
    }

    /// Screen positions, the whole shape taken from the world copy nearest the camera (by its first
    /// coordinate, or `wrapLike`'s), so shapes near the antimeridian stay in one piece.
    func screen(_ coordinates: [LngLat], wrapLike reference: LngLat? = nil) -> [(x: Double, y: Double)] {
        guard let first = reference ?? coordinates.first else { return [] }
        let x0 = WebMercator.project(first, zoom: transform.camera.zoom).x
        let shift = ((centerX - x0) / worldSize).rounded() * worldSize
        return coordinates.map {
            let w = WebMercator.project($0, zoom: transform.camera.zoom)
            return projector.project(x: w.x + shift, y: w.y)
        }
    }
}

import Foundation
import MapWireCanvas
import MapWireLabels
import MapWireStyle
import MapWireVectorTile

/// Each layer type's test of whether its drawing of a feature meets the query (GL's
/// `queryIntersectsFeature`), with paint properties at the camera's zoom, and how far from its geometry
/// a layer draws (GL's `queryRadius`, which pads the search).
enum LayerHitTest {
    /// nil: missed; else the distance from the camera where it was hit (extrusions; 0 for flat layers).
    static func test(_ layer: RenderLayer, _ feature: VectorFeature, _ frame: TileFrame) -> Double? {
        let eval = EvaluationContext(zoom: frame.context.zoom, feature: FeatureContext(feature: feature))
        switch layer.type {
        case "circle": return circle(layer, feature, frame, eval) ? 0 : nil
        case "line": return line(layer, feature, frame, eval) ? 0 : nil
        case "fill": return fill(layer, feature, frame, eval) ? 0 : nil
        case "fill-extrusion": return extrusion(layer, feature, frame, eval)
        default: return nil
        }
    }

    /// How far (screen px) the layer may draw from a feature's geometry in this tile layer: the largest
    /// over its features when a property varies by feature.
    static func queryRadius(_ layer: RenderLayer, _ tileLayer: VectorLayer, zoom: Double) -> Double {
        func largest(_ name: String, _ fallback: Double) -> Double {
            guard let property = layer.paint[name] else { return fallback }
            let constant = EvaluationContext(zoom: zoom)
            guard !property.isFeatureConstant else { return property.number(constant, default: fallback) }
            return tileLayer.features.map { property.number(EvaluationContext(zoom: zoom, feature: FeatureContext(feature: $0)), default: fallback) }
                .max() ?? fallback
        }
        let constant = EvaluationContext(zoom: zoom)
        func translation(_ name: String) -> Double {
            let t = layer.numbers(name, constant, [0, 0])
            return t.count == 2 ? (t[0] * t[0] + t[1] * t[1]).squareRoot() : 0
        }
        switch layer.type {
        case "circle":
            return largest("circle-radius", 5) + largest("circle-stroke-width", 0) + translation("circle-translate")
        case "line":
            return lineWidth(largest("line-width", 1), gap: largest("line-gap-width", 0)) / 2 + abs(largest("line-offset", 0))
                + translation("line-translate")
        case "fill", "fill-extrusion":
            return translation("\(layer.type)-translate")
        default:
            return 0
        }
    }

    /// A line's drawn width: with a gap, two lines of `width` on either side of it.
    static func lineWidth(_ width: Double, gap: Double) -> Double { gap > 0 ? gap + 2 * width : width }

    private static func points(_ ring: [TilePoint]) -> [Point2D] { ring.map { Point2D(x: Double($0.x), y: Double($0.y)) } }

    /// The feature's rings as the tile's decoder gives them to GL: polygon rings closed.
    static func rings(_ feature: VectorFeature) -> [[Point2D]] {
        feature.geometry.map { ring in
            var points = points(ring)
            if feature.type == .polygon, let first = points.first, points.count > 1, points.last != first { points.append(first) }
            return points
        }
    }

    private static func circle(_ layer: RenderLayer, _ feature: VectorFeature, _ frame: TileFrame, _ eval: EvaluationContext) -> Bool {
        let polygon = frame.translated(layer.numbers("circle-translate", eval, [0, 0]), anchor: layer.string("circle-translate-anchor", eval, "map"))
        let size = layer.number("circle-radius", eval, 5) + layer.number("circle-stroke-width", eval, 0)
        let alignedWithMap = layer.string("circle-pitch-alignment", eval, "viewport") == "map"
        let scaledWithMap = layer.string("circle-pitch-scale", eval, "map") == "map"
        let projector = frame.projection.projector
        // Compared on the map plane when the circle lies on it, else on the screen.
        let query = alignedWithMap ? polygon : polygon.map(frame.screen)
        for point in feature.geometry.flatMap(points) {
            let screen = frame.screen(point)
            var radius = alignedWithMap ? size * frame.unitsPerPixel : size
            if alignedWithMap, !scaledWithMap {
                radius /= projector.perspectiveScale(atScreenY: screen.y)
            } else if !alignedWithMap, scaledWithMap {
                radius *= projector.perspectiveScale(atScreenY: screen.y)
            }
            if QueryIntersection.polygonHitsBufferedPoint(query, alignedWithMap ? point : screen, radius: radius) { return true }
        }
        return false
    }

    private static func line(_ layer: RenderLayer, _ feature: VectorFeature, _ frame: TileFrame, _ eval: EvaluationContext) -> Bool {
        let polygon = frame.translated(layer.numbers("line-translate", eval, [0, 0]), anchor: layer.string("line-translate-anchor", eval, "map"))
        let halfWidth = frame.unitsPerPixel / 2 * lineWidth(layer.number("line-width", eval, 1), gap: layer.number("line-gap-width", eval, 0))
        var lines = rings(feature)
        let offset = layer.number("line-offset", eval, 0)
        if offset != 0 { lines = QueryIntersection.offsetLines(lines, by: offset * frame.unitsPerPixel) }
        return QueryIntersection.polygonHitsBufferedLines(polygon, lines, radius: halfWidth)
    }

    private static func fill(_ layer: RenderLayer, _ feature: VectorFeature, _ frame: TileFrame, _ eval: EvaluationContext) -> Bool {
        let polygon = frame.translated(layer.numbers("fill-translate", eval, [0, 0]), anchor: layer.string("fill-translate-anchor", eval, "map"))
        return QueryIntersection.polygonHitsRings(polygon, rings(feature))
    }

    /// Extrusions are met on the screen, on their roof or a wall, nearest first: the distance where the
    /// query point meets that face (for a box, its nearest corner), nil when no face is met.
    private static func extrusion(_ layer: RenderLayer, _ feature: VectorFeature, _ frame: TileFrame, _ eval: EvaluationContext) -> Double? {
        let polygon = frame.translated(layer.numbers("fill-extrusion-translate", eval, [0, 0]),
                                       anchor: layer.string("fill-extrusion-translate-anchor", eval, "map"))
        let query = polygon.map(frame.screen)
        let height = max(0, layer.number("fill-extrusion-height", eval, 0))
        let base = max(0, layer.number("fill-extrusion-base", eval, 0))
        let metresToPixels = FillExtrusionPainter.metresToPixels(frame.context.transform.camera)
        let projection = frame.projection
        func projected(_ ring: [Point2D], metres: Double) -> [ScreenDepthPoint] {
            ring.map { p in
                let s = projection.projector.project(x: projection.originX + p.x * projection.unitsToWorld,
                                                     y: projection.originY + p.y * projection.unitsToWorld, elevation: metres * metresToPixels)
                return ScreenDepthPoint(x: s.x, y: s.y, depth: s.depth)
            }
        }
        let rings = rings(feature)
        let bases = rings.map { projected($0, metres: base) }, tops = rings.map { projected($0, metres: height) }
        var nearest = Double.infinity
        if let roof = tops.first, QueryIntersection.polygonHitsRings(query, tops.map { $0.map(\.point) }) {
            nearest = ScreenDepthPoint.distance(where: query, meets: roof)
        }
        for (top, bottom) in zip(tops, bases) where top.count >= 2 {
            for p in 0..<(top.count - 1) {
                let face = [top[p], top[p + 1], bottom[p + 1], bottom[p], top[p]]
                if QueryIntersection.polygonsOverlap(query, face.map(\.point)) {
                    nearest = min(nearest, ScreenDepthPoint.distance(where: query, meets: face))
                }
            }
        }
        return nearest.isFinite ? nearest : nil
    }
}

/// A projected point of an extrusion with its distance from the camera.
struct ScreenDepthPoint {
    let x: Double, y: Double, depth: Double

    var point: Point2D { Point2D(x: x, y: y) }

    /// Where a query meets a face: a point query at the face's plane (barycentric in the first three
    /// points that span it), a box at the face's nearest point.
    static func distance(where query: [Point2D], meets face: [ScreenDepthPoint]) -> Double {
        guard query.count == 1 else { return face.map(\.depth).min() ?? .infinity }
        let p = query[0]
        guard let a = face.first, let bIndex = face.indices.dropFirst().first(where: { face[$0].x != a.x || face[$0].y != a.y })
        else { return .infinity }
        let b = face[bIndex]
        for c in face[(bIndex + 1)...] {
            let ab = (b.x - a.x, b.y - a.y), ac = (c.x - a.x, c.y - a.y), ap = (p.x - a.x, p.y - a.y)
            let abab = ab.0 * ab.0 + ab.1 * ab.1, abac = ab.0 * ac.0 + ab.1 * ac.1, acac = ac.0 * ac.0 + ac.1 * ac.1
            let apab = ap.0 * ab.0 + ap.1 * ab.1, apac = ap.0 * ac.0 + ap.1 * ac.1
            let denominator = abab * acac - abac * abac
            let v = (acac * apab - abac * apac) / denominator, w = (abab * apac - abac * apab) / denominator
            let distance = a.depth * (1 - v - w) + b.depth * v + c.depth * w
            if distance.isFinite { return distance }
        }
        return .infinity
    }
}

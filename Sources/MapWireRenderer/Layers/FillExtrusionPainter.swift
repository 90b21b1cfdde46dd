import Foundation
import MapEngine
import MapWireCanvas
import MapWireStyle
import MapWireVectorTile

/// `fill-extrusion`: polygons raised as blocks, walls from `base` to `height` metres and a roof,
/// seen in the camera's perspective and shaded by the style's light as GL engines shade them.
/// Faces are drawn with a depth buffer (the nearest face wins at each pixel) into one layer that
/// `fill-extrusion-opacity` fades as a whole, without antialiasing, as GL draws them.
enum FillExtrusionPainter {
    /// The earth's circumference at the equator in metres (GL's radius 6371008.8 m).
    static let earthCircumference = 2 * Double.pi * 6_378_137

    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let constant = context.evaluation()
        let opacity = layer.number("fill-extrusion-opacity", constant, 1)
        guard opacity > 0 else { return }
        let shading = shading(layer, context)
        let camera = context.transform.camera
        let metresToPixels = WebMercator.tileSize * pow(2, camera.zoom)
            / (earthCircumference * max(1e-9, cos(camera.center.latitude * .pi / 180)))
        // The translate is on the ground: in map axes, or screen axes turned with the bearing.
        var translate = layer.numbers("fill-extrusion-translate", constant, [0, 0])
        if translate.count != 2 { translate = [0, 0] }
        if layer.string("fill-extrusion-translate-anchor", constant, "map") == "viewport" {
            let b = context.bearingRadians
            translate = [translate[0] * cos(b) - translate[1] * sin(b), translate[0] * sin(b) + translate[1] * cos(b)]
        }
        var faces: [DepthTestedFace] = []
        for (_, data, projection) in context.tiles(for: layer) {
            let perWorld = projection.unitsToWorld, scale = projection.projector.worldScale
            let shiftX = translate[0] / scale, shiftY = translate[1] / scale
            func project(_ p: TilePoint, _ metres: Double) -> (x: Double, y: Double, depth: Double) {
                projection.projector.project(x: projection.originX + Double(p.x) * perWorld + shiftX,
                                             y: projection.originY + Double(p.y) * perWorld + shiftY,
                                             elevation: metres * metresToPixels)
            }
            let extent = Int32(clamping: data.extent)
            for feature in context.features(of: data, layer: layer) where feature.type == .polygon {
                let eval = context.evaluation(feature)
                let height = max(0, layer.number("fill-extrusion-height", eval, 0))
                let base = max(0, layer.number("fill-extrusion-base", eval, 0))
                let color = layer.color("fill-extrusion-color", eval, .black)
                let roofColor = shading.color(color, normal: (0, 0, 1), t: 1, base: base, height: height)
                for polygon in feature.polygons() {
                    var roof: [[Point2D]] = []
                    var roofDepths: [Double] = []
                    for (ringIndex, ring) in polygon.enumerated() where ring.count >= 3 {
                        let top = ring.map { project($0, height) }
                        roof.append(top.map { Point2D(x: $0.x, y: $0.y) })
                        if ringIndex == 0 { roofDepths = top.map(\.depth) }
                        guard height > base else { continue }
                        // Every edge, the closing one too when the ring does not repeat its start.
                        let closed = ring.first == ring.last
                        for i in (closed ? 1 : 0)..<ring.count {
                            let previous = i == 0 ? ring.count - 1 : i - 1
                            let p1 = ring[i], p2 = ring[previous]
                            guard !isTileEdge(p1, p2, extent: extent) else { continue }
                            let ex = Double(p1.x - p2.x), ey = Double(p1.y - p2.y)
                            let length = (ex * ex + ey * ey).squareRoot()
                            guard length > 0 else { continue }
                            let normal = (x: -ey / length, y: ex / length, z: 0.0)
                            let a = project(p2, base), b = project(p1, base), c = top[i], d = top[previous]
                            faces.append(DepthTestedFace(
                                rings: [[a, b, c, d].map { Point2D(x: $0.x, y: $0.y) }],
                                depths: [a.depth, b.depth, c.depth, d.depth],
                                from: Point2D(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2),
                                fromColor: shading.color(color, normal: normal, t: 0, base: base, height: height),
                                to: Point2D(x: (c.x + d.x) / 2, y: (c.y + d.y) / 2),
                                toColor: shading.color(color, normal: normal, t: 1, base: base, height: height)))
                        }
                    }
                    guard !roofDepths.isEmpty else { continue }
                    let origin = Point2D(x: 0, y: 0)
                    faces.append(DepthTestedFace(rings: roof, depths: roofDepths, from: origin, fromColor: roofColor,
                                                 to: origin, toColor: roofColor))
                }
            }
        }
        context.canvas.drawDepthTested(faces, opacity: opacity)
    }

    /// GL leaves out walls along the tile's edge (where a polygon was cut, not a real wall).
    static func isTileEdge(_ a: TilePoint, _ b: TilePoint, extent: Int32) -> Bool {
        (a.x == b.x && (a.x < 0 || a.x > extent)) || (a.y == b.y && (a.y < 0 || a.y > extent))
    }

    static func shading(_ layer: RenderLayer, _ context: PaintContext) -> ExtrusionShading {
        let eval = context.evaluation()
        let light = context.style.light
        return ExtrusionShading(
            position: light?.numbers("light-position", eval, [1.15, 210, 30]) ?? [1.15, 210, 30],
            anchor: light?.string("light-anchor", eval, "viewport") ?? "viewport",
            color: light?.color("light-color", eval, StyleColor(r: 1, g: 1, b: 1)) ?? StyleColor(r: 1, g: 1, b: 1),
            intensity: light?.number("light-intensity", eval, 0.5) ?? 0.5,
            bearing: context.transform.camera.bearing,
            verticalGradient: layer.bool("fill-extrusion-vertical-gradient", eval, true))
    }
}

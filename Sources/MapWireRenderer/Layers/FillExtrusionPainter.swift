import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireStyle
import MapWireVectorTile

/// `fill-extrusion`: polygons raised as blocks, walls from `base` to `height` metres and a roof,
/// seen in the camera's perspective and shaded by the style's light as GL engines shade them.
/// Faces are drawn with a depth buffer (the nearest face wins at each pixel) into one layer that
/// `fill-extrusion-opacity` fades as a whole, without antialiasing, as GL draws them.
enum FillExtrusionPainter {
    /// The earth's circumference at the equator in metres (GL's radius 6371008.8 m).
    static let earthCircumference = 2 * Double.pi * 6_378_137

    /// Camera-zoom px per metre of height at the camera's latitude (GL measures heights there).
    static func metresToPixels(_ camera: Camera) -> Double {
        WebMercator.tileSize * pow(2, camera.zoom) / (earthCircumference * max(1e-9, cos(camera.center.latitude * .pi / 180)))
    }

    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let constant = context.evaluation()
        let opacity = layer.number("fill-extrusion-opacity", constant, 1)
        guard opacity > 0 else { return }
        let shading = shading(layer, context)
        let camera = context.transform.camera
        let metresToPixels = Self.metresToPixels(camera)
        // The translate is on the ground: in map axes, or screen axes turned with the bearing.
        var translate = layer.numbers("fill-extrusion-translate", constant, [0, 0])
        if translate.count != 2 { translate = [0, 0] }
        if layer.string("fill-extrusion-translate-anchor", constant, "map") == "viewport" {
            let b = context.bearingRadians
            translate = [translate[0] * cos(b) - translate[1] * sin(b), translate[0] * sin(b) + translate[1] * cos(b)]
        }
        var faces: [DepthTestedFace] = []
        // In GL's order of tiles (south to north, then east to west): where two tiles hold the same
        // face (a building in both buffers) the first one's shows (DepthTestedFace), which matters
        // for patterns, whose phase along a wall depends on the walls before it in its tile.
        let tiles = context.tiles(for: layer).sorted { a, b in
            a.tile.z != b.tile.z ? a.tile.z < b.tile.z : a.tile.y != b.tile.y ? a.tile.y > b.tile.y : a.tile.x > b.tile.x
        }
        for (_, data, projection) in tiles {
            let perWorld = projection.unitsToWorld, scale = projection.projector.worldScale
            let shiftX = translate[0] / scale, shiftY = translate[1] / scale
            /// A point of the tile in world px at the tile's zoom, shifted by the translate.
            func world(_ p: TilePoint) -> (x: Double, y: Double) {
                (projection.originX + Double(p.x) * perWorld + shiftX, projection.originY + Double(p.y) * perWorld + shiftY)
            }
            func project(_ p: TilePoint, _ metres: Double) -> (x: Double, y: Double, depth: Double) {
                let w = world(p)
                return projection.projector.project(x: w.x, y: w.y, elevation: metres * metresToPixels)
            }
            let extent = Int32(clamping: data.extent)
            // GL's tile units (8192 a tile) per unit of this tile's data, for edge distances.
            let glUnits = PatternPlacement.glExtent / Double(max(1, data.extent))
            for feature in context.features(of: data, layer: layer) where feature.type == .polygon {
                let eval = context.evaluation(feature)
                let height = max(0, layer.number("fill-extrusion-height", eval, 0))
                let base = max(0, layer.number("fill-extrusion-base", eval, 0))
                let color = layer.color("fill-extrusion-color", eval, .black)
                let patternName = layer.paint["fill-extrusion-pattern"]?.string(eval, default: "") ?? ""
                // A pattern the sprite lacks draws nothing, as GL leaves such a feature out.
                var placement: (PatternPlacement, SpriteAtlas)?
                if !patternName.isEmpty {
                    guard let sprite = context.scene.sprite, let entry = sprite.entries[patternName] else { continue }
                    placement = (PatternPlacement(entry: entry, zoom: context.zoom), sprite)
                }
                func facePattern(_ map: Homography?) -> FacePattern? {
                    guard let (_, sprite) = placement, let map, let entry = sprite.entries[patternName] else { return nil }
                    return FacePattern(image: sprite.image, source: (entry.x, entry.y, entry.width, entry.height), patternFromScreen: map)
                }
                func shade(_ normal: (x: Double, y: Double, z: Double), _ t: Double) -> CanvasColor {
                    placement == nil ? shading.color(color, normal: normal, t: t, base: base, height: height)
                        : shading.patternLighting(normal: normal, t: t, base: base, height: height)
                }
                let roofColor = shade((0, 0, 1), 1)
                for polygon in feature.polygons() {
                    var roof: [[Point2D]] = []
                    var roofDepths: [Double] = []
                    for (ringIndex, ring) in polygon.enumerated() where ring.count >= 3 {
                        let top = ring.map { project($0, height) }
                        roof.append(top.map { Point2D(x: $0.x, y: $0.y) })
                        if ringIndex == 0 { roofDepths = top.map(\.depth) }
                        guard height > base else { continue }
                        // Every edge, the closing one too when the ring does not repeat its start,
                        // in GL's order (which its pattern's edge distance runs along).
                        let closed = ring.first == ring.last
                        var edgeDistance = 0.0
                        for i in Array(1..<ring.count) + (closed ? [] : [0]) {
                            let previous = i == 0 ? ring.count - 1 : i - 1
                            let p1 = ring[i], p2 = ring[previous]
                            guard !isTileEdge(p1, p2, extent: extent) else { continue }
                            let ex = Double(p1.x - p2.x), ey = Double(p1.y - p2.y)
                            let length = (ex * ex + ey * ey).squareRoot()
                            guard length > 0 else { continue }
                            let distance = length * glUnits
                            if edgeDistance + distance > 32768 { edgeDistance = 0 }
                            let normal = (x: -ey / length, y: ex / length, z: 0.0)
                            let a = project(p2, base), b = project(p1, base), c = top[i], d = top[previous]
                            let pattern = facePattern(placement.flatMap { p, _ in
                                p.onWall(projection, start: world(p1), end: world(p2), edgeDistance: edgeDistance.rounded(),
                                           metresToPixels: metresToPixels)
                            })
                            edgeDistance += distance
                            faces.append(DepthTestedFace(
                                rings: [[a, b, c, d].map { Point2D(x: $0.x, y: $0.y) }],
                                depths: [a.depth, b.depth, c.depth, d.depth],
                                from: Point2D(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2),
                                fromColor: shade(normal, 0),
                                to: Point2D(x: (c.x + d.x) / 2, y: (c.y + d.y) / 2),
                                toColor: shade(normal, 1), pattern: pattern))
                        }
                    }
                    guard !roofDepths.isEmpty else { continue }
                    let origin = Point2D(x: 0, y: 0)
                    let pattern = facePattern(placement.flatMap { p, _ in
                        p.onPlane(projection, elevation: height * metresToPixels, worldShift: (shiftX, shiftY))
                    })
                    faces.append(DepthTestedFace(rings: roof, depths: roofDepths, from: origin, fromColor: roofColor,
                                                 to: origin, toColor: roofColor, pattern: pattern))
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

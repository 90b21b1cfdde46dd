import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// `heatmap`: kernel density in screen space, as GL engines draw it. Each point adds a Gaussian
/// kernel (`heatmap-weight` × `heatmap-intensity`, `heatmap-radius` px, lying on the map) to a density
/// buffer a quarter of the screen's size, cut off where it falls below 1/4080 (GL's "effective zero");
/// the buffer, read back with linear filtering, picks each pixel's colour from `heatmap-color` over
/// `heatmap-density`, at `heatmap-opacity`.
enum HeatmapPainter {
    /// 1 / √(2π).
    static let gaussCoefficient = 0.3989422804014327
    /// The density below which a kernel is cut off.
    static let effectiveZero = 1.0 / 255.0 / 16.0
    /// The style specification's default `heatmap-color`.
    static let defaultColor = try? PropertyValue(json: [
        "interpolate", ["linear"], ["heatmap-density"], 0, "rgba(0, 0, 255, 0)", 0.1, "royalblue", 0.3, "cyan",
        0.5, "lime", 0.7, "yellow", 1, "red",
    ] as [Any], kind: .color)

    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let constant = context.evaluation()
        let opacity = layer.number("heatmap-opacity", constant, 1)
        guard opacity > 0 else { return }
        let device = context.canvas.devicePixelSize
        let density = DensityBuffer(screenWidth: device.width, screenHeight: device.height)
        guard let ground = ScreenToGround(context.transform, zoom: context.zoom) else { return }
        density.locate(ground, pixelRatio: context.canvas.pixelRatio)
        let intensity = layer.number("heatmap-intensity", constant, 1)
        let weight = layer.numberProperty("heatmap-weight", constant, 1)
        let radius = layer.numberProperty("heatmap-radius", constant, 30)
        let projector = context.transform.projector(atZoom: context.zoom)
        for (_, data, projection) in context.tiles(for: layer) {
            let extent = Int32(clamping: data.extent)
            // Tile units → world px at the camera's zoom.
            let toWorld = projection.unitsToWorld * pow(2, context.zoom - Double(projection.tile.z))
            let originX = projection.originX * pow(2, context.zoom - Double(projection.tile.z))
            let originY = projection.originY * pow(2, context.zoom - Double(projection.tile.z))
            for feature in context.features(of: data, layer: layer) {
                let strength = weight(context.evaluation(feature)) * intensity * gaussCoefficient
                let r = radius(context.evaluation(feature))
                // Where the kernel falls to the effective zero, in radii (GL sizes its quad so).
                let reach = (-2 * log(effectiveZero / strength)).squareRoot() / 3
                guard strength > 0, r > 0, reach.isFinite, reach > 0 else { continue }
                // GL's point buckets keep the points a tile owns, not its neighbours' in its buffer.
                for part in feature.geometry {
                    for point in part where point.x >= 0 && point.y >= 0 && point.x < extent && point.y < extent {
                        density.add(x: originX + Double(point.x) * toWorld, y: originY + Double(point.y) * toWorld,
                                    strength: strength, radius: r, reach: reach * r, projector: projector,
                                    pixelRatio: context.canvas.pixelRatio)
                    }
                }
            }
        }
        let ramp = ColorRamp(layer.paint["heatmap-color"] ?? defaultColor, fallback: .transparent) {
            EvaluationContext(zoom: context.zoom, feature: nil, heatmapDensity: $0, lineProgress: nil)
        }
        var pixels = context.canvas.makePixelLayer()
        for y in 0..<device.height {
            for x in 0..<device.width {
                let t = density.sample(x: x, y: y)
                guard t > 0 else { continue }
                let c = ramp.color(at: t) * opacity
                pixels.set(x, y, r: c.r, g: c.g, b: c.b, a: c.a)
            }
        }
        context.canvas.composite(pixels)
    }
}

/// GL's heatmap framebuffer: a quarter of the screen's device pixels across and down, each holding
/// the kernel density at its centre.
final class DensityBuffer {
    let width: Int, height: Int
    private let screenWidth: Int, screenHeight: Int
    private var values: [Double]
    /// The ground (world px at the camera's zoom) under each buffer pixel's centre; NaN above the horizon.
    private var groundX: [Double], groundY: [Double]

    init(screenWidth: Int, screenHeight: Int) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        width = max(1, screenWidth / 4)
        height = max(1, screenHeight / 4)
        values = [Double](repeating: 0, count: width * height)
        groundX = values
        groundY = values
    }

    /// Device px across the screen per buffer pixel.
    private var stepX: Double { Double(screenWidth) / Double(width) }
    private var stepY: Double { Double(screenHeight) / Double(height) }

    func locate(_ ground: ScreenToGround, pixelRatio: Double) {
        for j in 0..<height {
            for i in 0..<width {
                let point = ground.ground((Double(i) + 0.5) * stepX / pixelRatio, (Double(j) + 0.5) * stepY / pixelRatio)
                groundX[j * width + i] = point?.x ?? .nan
                groundY[j * width + i] = point?.y ?? .nan
            }
        }
    }

    /// Adds the kernel of a point at world (x, y): `strength` at its centre, falling as a Gaussian of
    /// `radius` px over a square `reach` px each way (both world px at the camera's zoom).
    func add(x: Double, y: Double, strength: Double, radius: Double, reach: Double, projector: ScreenProjector, pixelRatio: Double) {
        // The kernel's square on screen, in buffer pixels.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(x - reach, y - reach), (x + reach, y - reach), (x + reach, y + reach), (x - reach, y + reach)] {
            let p = projector.homogeneous(x: cx, y: cy)
            guard p.w > 0 else { minX = 0; minY = 0; maxX = Double(width); maxY = Double(height); break }
            let sx = p.x / p.w * pixelRatio / stepX, sy = p.y / p.w * pixelRatio / stepY
            minX = min(minX, sx); maxX = max(maxX, sx); minY = min(minY, sy); maxY = max(maxY, sy)
        }
        guard maxX >= 0, maxY >= 0, minX < Double(width), minY < Double(height) else { return }
        let i0 = max(0, Int(minX.rounded(.down))), i1 = min(width - 1, Int(maxX.rounded(.up)))
        let j0 = max(0, Int(minY.rounded(.down))), j1 = min(height - 1, Int(maxY.rounded(.up)))
        guard i0 <= i1, j0 <= j1 else { return }
        let falloff = -0.5 * 3 * 3 / (radius * radius)
        for j in j0...j1 {
            for i in i0...i1 {
                let k = j * width + i
                let dx = groundX[k] - x, dy = groundY[k] - y
                guard abs(dx) <= reach, abs(dy) <= reach else { continue }
                values[k] += strength * exp(falloff * (dx * dx + dy * dy))
            }
        }
    }

    /// The density at device pixel (x, y)'s centre, read with linear filtering, clamped at the edges.
    func sample(x: Int, y: Int) -> Double {
        let fx = min(max((Double(x) + 0.5) / stepX - 0.5, 0), Double(width - 1))
        let fy = min(max((Double(y) + 0.5) / stepY - 0.5, 0), Double(height - 1))
        let i0 = Int(fx), j0 = Int(fy)
        let i1 = min(i0 + 1, width - 1), j1 = min(j0 + 1, height - 1)
        let tx = fx - Double(i0), ty = fy - Double(j0)
        let top = values[j0 * width + i0] * (1 - tx) + values[j0 * width + i1] * tx
        let bottom = values[j1 * width + i0] * (1 - tx) + values[j1 * width + i1] * tx
        return top * (1 - ty) + bottom * ty
    }
}

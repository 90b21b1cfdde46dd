import MapWireCanvas
import MapWireStyle
import MapWireVectorTile

/// `line-gradient`: a line coloured along its length by `line-progress`, as GL engines draw it from a
/// GeoJSON source with `lineMetrics`. The lines are stroked as any line (width, caps, joins, offset,
/// blur, opacity) but only for how much of each pixel they cover; each covered pixel then takes the
/// gradient's colour at the progress of the nearest point of the line's centre, where GL interpolates
/// the progress across the line's triangles. Progress runs from where the tile's part of the line
/// starts to where it ends along the whole line (`mapbox_clip_start`, `mapbox_clip_end`), so a
/// gradient carries on across tiles.
final class LineGradientPainter {
    /// A stroked line's centre on screen (device px), with the progress at each point.
    private struct Run {
        let points: [Point2D]
        let progress: [Double]
        /// How far from the centre the stroke reaches, in device px.
        let reach: Double
    }

    private var runs: [Run] = []
    private let pixelRatio: Double

    private init(pixelRatio: Double) {
        self.pixelRatio = pixelRatio
    }

    /// Draws the layer with its gradient; false when it has none to draw (no `line-gradient`, or a
    /// source without `lineMetrics`, where GL draws `line-color` instead).
    static func paint(_ layer: RenderLayer, _ context: PaintContext) -> Bool {
        guard let gradient = layer.paint["line-gradient"], let sourceID = layer.source,
              context.style.sources[sourceID]?.lineMetrics == true else { return false }
        let collector = LineGradientPainter(pixelRatio: context.canvas.pixelRatio)
        let coverage = context.canvas.coverage { LinePainter.stroke(layer, context, gradient: collector) }
        let ramp = ColorRamp(gradient, fallback: .transparent) {
            EvaluationContext(zoom: context.zoom, feature: nil, heatmapDensity: nil, lineProgress: $0)
        }
        let size = context.canvas.devicePixelSize
        let progress = collector.progressField(width: size.width, height: size.height, coverage: coverage)
        var pixels = context.canvas.makePixelLayer()
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = y * size.width + x
                guard coverage[i] > 0, !progress[i].isNaN else { continue }
                let c = ramp.color(at: progress[i]) * (Double(coverage[i]) / 255)
                pixels.set(x, y, r: c.r, g: c.g, b: c.b, a: c.a)
            }
        }
        context.canvas.composite(pixels)
        return true
    }

    /// Records one stroked line of `feature` (screen points, logical px, as stroked), drawn from the
    /// tile line `tileLine`, reaching `reach` logical px from its centre.
    func add(_ screen: [Point2D], tileLine: [TilePoint], feature: VectorFeature, reach: Double) {
        guard screen.count == tileLine.count, screen.count >= 2 else { return }
        let start = Self.number(feature.properties[GeoJSONTiler.lineClipStart]) ?? 0
        let end = Self.number(feature.properties[GeoJSONTiler.lineClipEnd]) ?? 1
        var along = [0.0]
        for (a, b) in zip(tileLine, tileLine.dropFirst()) {
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            along.append(along[along.count - 1] + (dx * dx + dy * dy).squareRoot())
        }
        let total = along[along.count - 1]
        guard total > 0 else { return }
        runs.append(Run(points: screen.map { Point2D(x: $0.x * pixelRatio, y: $0.y * pixelRatio) },
                        progress: along.map { start + (end - start) * $0 / total }, reach: (reach + 1) * pixelRatio))
    }

    private static func number(_ value: FeatureValue?) -> Double? {
        switch value {
        case .double(let v): v
        case .int(let v): Double(v)
        case .uint(let v): Double(v)
        default: nil
        }
    }

    /// The progress at each covered device pixel: that of the nearest point of the nearest line
    /// centre (NaN where no line is near).
    private func progressField(width: Int, height: Int, coverage: [UInt8]) -> [Double] {
        var progress = [Double](repeating: .nan, count: width * height)
        var distance = [Double](repeating: .infinity, count: width * height)
        for run in runs {
            for k in 0..<(run.points.count - 1) {
                let a = run.points[k], b = run.points[k + 1]
                let dx = b.x - a.x, dy = b.y - a.y
                let length2 = dx * dx + dy * dy
                let x0 = max(0, Int((min(a.x, b.x) - run.reach).rounded(.down)))
                let x1 = min(width - 1, Int((max(a.x, b.x) + run.reach).rounded(.up)))
                let y0 = max(0, Int((min(a.y, b.y) - run.reach).rounded(.down)))
                let y1 = min(height - 1, Int((max(a.y, b.y) + run.reach).rounded(.up)))
                guard x0 <= x1, y0 <= y1 else { continue }
                for y in y0...y1 {
                    for x in x0...x1 where coverage[y * width + x] > 0 {
                        let px = Double(x) + 0.5 - a.x, py = Double(y) + 0.5 - a.y
                        let t = length2 > 0 ? min(max((px * dx + py * dy) / length2, 0), 1) : 0
                        let ex = px - t * dx, ey = py - t * dy
                        let d = ex * ex + ey * ey
                        let i = y * width + x
                        if d < distance[i] {
                            distance[i] = d
                            progress[i] = run.progress[k] + (run.progress[k + 1] - run.progress[k]) * t
                        }
                    }
                }
            }
        }
        return progress
    }
}

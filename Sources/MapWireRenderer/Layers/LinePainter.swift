import Foundation
import MapWireCanvas
import MapWireLabels
import MapWireStyle
import MapWireVectorTile

/// `line`: width, cap, join, miter limit, dash array, opacity, offset, gap width, blur, translate,
/// pattern, gradient.
enum LinePainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        if LineGradientPainter.paint(layer, context) { return }
        stroke(layer, context, gradient: nil)
    }

    /// Strokes the layer's lines; with `gradient`, in white at the line's opacity (how much each pixel
    /// is covered), each line recorded there for its colours along its length.
    static func stroke(_ layer: RenderLayer, _ context: PaintContext, gradient: LineGradientPainter?) {
        let constant = context.evaluation()
        let translate = context.translation(layer.numbers("line-translate", constant, [0, 0]),
                                            anchor: layer.string("line-translate-anchor", constant, "map"))
        let cap = lineCap(layer.string("line-cap", constant, "butt"))
        let join = lineJoin(layer.string("line-join", constant, "miter"))
        let miterLimit = layer.number("line-miter-limit", constant, 2)
        // GL lays dashes out in the tile's units: between integer zooms they grow with the map.
        let dashScale = pow(2, context.zoom - context.zoom.rounded(.down))
        // Each property looked up once per layer, and evaluated once when no feature changes it.
        let properties = Properties(layer, constant)
        let floorZoom = context.zoom.rounded(.down)
        // The width at the tile's zoom; NaN when it cannot be evaluated there (the frame's width is used).
        let tileZoomWidth = layer.numberProperty("line-width", EvaluationContext(zoom: floorZoom), .nan)
        let translated = translate.x != 0 || translate.y != 0
        for (_, data, projection) in context.tiles(for: layer) {
            context.canvas.save()
            context.canvas.clip(to: projection.outline(extent: data.extent), antialias: false)
            let features = context.features(of: data, layer: layer)
            // Butt ends where another line goes on, reached past by opaque solid lines (LineJunctions).
            // Worked out when a feature first needs them.
            var continuedEndsOfTile: Set<LineJunctions.End>?
            func continuedEnds() -> Set<LineJunctions.End> {
                if let known = continuedEndsOfTile { return known }
                let ends = LineJunctions.continuedEnds(features)
                continuedEndsOfTile = ends
                return ends
            }
            let reach = 0.5 / context.canvas.pixelRatio
            for feature in features where feature.type == .lineString || feature.type == .polygon {
                let eval = properties.dependOnFeature ? context.evaluation(feature) : constant
                let opacity = properties.opacity(eval)
                let width = properties.width(eval)
                guard opacity > 0, width > 0 else { continue }
                let color = gradient == nil ? CanvasColor(properties.color(eval), opacity: opacity)
                    : CanvasColor(r: 1, g: 1, b: 1, a: min(1, opacity))
                let gap = properties.gap(eval)
                let offset = properties.offset(eval)
                let blur = properties.blur(eval)
                // ... and in widths of the line at the tile's zoom.
                let floor = tileZoomWidth(EvaluationContext(zoom: floorZoom, feature: FeatureContext(feature: feature)))
                let floorWidth = floor.isNaN ? width : floor
                let dash = properties.dash(eval).map { $0 * floorWidth * dashScale }
                let style = StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit,
                                        dash: dash.count >= 2 && dash.contains { $0 > 0 } ? dash : [])
                // A polygon's rings draw as closed lines.
                let closed = feature.type == .polygon
                let patternName = properties.pattern(eval)
                if !patternName.isEmpty {
                    // GL draws nothing for a pattern the sprite lacks.
                    guard let sprite = context.scene.sprite, let entry = sprite.entries[patternName] else { continue }
                    let painter = LinePatternPainter(placement: PatternPlacement(entry: entry, zoom: context.zoom), sprite: sprite, entry: entry,
                                                     width: width, floorWidth: floorWidth, zoom: context.zoom, cap: cap)
                    for line in feature.geometry where line.count >= 2 {
                        painter.draw(line, closed: closed, projection: projection, translate: translate, opacity: opacity, on: context.canvas)
                    }
                    continue
                }
                var lines = feature.geometry.map { translated ? projection.points($0).map { $0 + translate } : projection.points($0) }
                if let gradient {
                    // The outer edge of a cased line (gap) or of the line, and its blur.
                    let reach = (gap > 0 ? gap / 2 + width : width / 2) + blur
                    for (index, line) in lines.enumerated() {
                        let centre = offset == 0 ? line : LineOffset.offset(line, by: offset, closed: closed)
                        gradient.add(centre, tileLine: feature.geometry[index], feature: feature, reach: reach)
                    }
                }
                if cap == .butt, !closed, color.a >= 1, blur == 0, style.dash.isEmpty, width * context.canvas.pixelRatio >= LineJunctions.minimumDeviceWidth {
                    let ends = continuedEnds()
                    for (index, line) in feature.geometry.enumerated() where line.count >= 2 {
                        let n = line.count
                        let start = ends.contains(.init(point: line[0], neighbour: line[1]))
                        let end = ends.contains(.init(point: line[n - 1], neighbour: line[n - 2]))
                        if start || end { lines[index] = LineJunctions.extended(lines[index], start: start, end: end, by: reach) }
                    }
                }
                // GL draws every leg of a line as its own geometry: where legs overlap (parts that
                // cross, legs of a sharp corner) a translucent line blends twice and a cased line
                // shows both casings. Opaque solid lines look the same either way: one path.
                let separate = color.a < 1 || gap > 0
                // Under pitch each run of a line is stroked at its own perspective scale (1 when flat).
                let pitched = !projection.projector.isFlat
                var paths: [(path: CanvasPath, step: Int)] = []
                var whole: [Int: CanvasPath] = [:]
                // Flat, every leg is at step 0: one path, without the dictionary.
                var flat = CanvasPath()
                // A plain solid line under pitch is laid out on the ground, as GL extrudes it.
                let onGround = pitched && !separate && gap == 0 && blur == 0 && style.dash.isEmpty && gradient == nil
                var ground = CanvasPath()
                func add(_ points: [Point2D], closed: Bool, step: Int) {
                    if separate {
                        var path = CanvasPath()
                        path.addRing(points, closed: closed)
                        paths.append((path, step))
                    } else {
                        if pitched {
                            whole[step, default: CanvasPath()].addRing(points, closed: closed)
                        } else {
                            flat.addRing(points, closed: closed)
                        }
                    }
                }
                for line in lines where line.count >= 2 {
                    let shifted = offset == 0 ? line : LineOffset.offset(line, by: offset, closed: closed)
                    let legs = style.dash.isEmpty
                        ? LineSharpCorners.legs(shifted, closed: closed, join: join, miterLimit: miterLimit)
                        : [shifted]
                    let legsClosed = closed && legs.count == 1
                    for leg in legs {
                        guard pitched else {
                            add(leg, closed: legsClosed, step: 0)
                            continue
                        }
                        if onGround {
                            GroundLineOutline.add(leg, closed: legsClosed, style: style, projector: projection.projector, to: &ground)
                            continue
                        }
                        for run in PerspectiveLineRuns.runs(leg, closed: legsClosed, scaleAt: projection.projector.perspectiveScale(atScreenY:)) {
                            add(run.points, closed: run.closed, step: run.step)
                        }
                    }
                }
                if onGround {
                    if !ground.isEmpty { context.canvas.fill(ground, color: color) }
                    continue
                }
                if !separate { paths = pitched ? whole.sorted { $0.key < $1.key }.map { ($0.value, $0.key) } : [(flat, 0)] }
                for (path, step) in paths where !path.isEmpty {
                    let scale = step == 0 ? 1 : PerspectiveLineRuns.scale(ofStep: step)
                    let style = style.scaled(by: scale)
                    if gap > 0 {
                        // Two lines of `width`, one each side of the gap.
                        context.canvas.stroke(path, color: color, style: style, gap: gap * scale)
                    } else if blur > 0 {
                        context.canvas.stroke(path, color: color, style: style, blur: blur * scale)
                    } else {
                        context.canvas.stroke(path, color: color, style: style)
                    }
                }
            }
            context.canvas.restore()
        }
    }

    /// The per-feature properties of a line layer, resolved once per layer and frame.
    struct Properties {
        let opacity, width, gap, offset, blur: LayerProperty<Double>
        let color: LayerProperty<StyleColor>
        /// `line-pattern`: a sprite image's name, empty for none.
        let pattern: LayerProperty<String>
        let dash: LayerProperty<[Double]>
        /// Whether any of them needs the feature's evaluation context.
        let dependOnFeature: Bool

        init(_ layer: RenderLayer, _ frame: EvaluationContext) {
            opacity = layer.numberProperty("line-opacity", frame, 1)
            width = layer.numberProperty("line-width", frame, 1)
            color = layer.colorProperty("line-color", frame, .black)
            gap = layer.numberProperty("line-gap-width", frame, 0)
            offset = layer.numberProperty("line-offset", frame, 0)
            blur = layer.numberProperty("line-blur", frame, 0)
            dash = layer.numbersProperty("line-dasharray", frame, [])
            pattern = layer.stringProperty("line-pattern", frame, "")
            dependOnFeature = [opacity, width, gap, offset, blur].contains(where: \.dependsOnFeature)
                || color.dependsOnFeature || dash.dependsOnFeature || pattern.dependsOnFeature
        }
    }

    static func lineCap(_ name: String) -> LineCap {
        switch name {
        case "round": .round
        case "square": .square
        default: .butt
        }
    }

    static func lineJoin(_ name: String) -> LineJoin {
        switch name {
        case "round": .round
        case "bevel": .bevel
        default: .miter
        }
    }
}

/// Parallel offset of a polyline: positive distances go to the right of the direction of travel.
enum LineOffset {
    static func offset(_ points: [Point2D], by distance: Double, closed: Bool) -> [Point2D] {
        let n = points.count
        guard n >= 2 else { return points }
        func normal(_ a: Point2D, _ b: Point2D) -> Point2D? {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return nil }
            // Right of the direction of travel, with y down.
            return Point2D(x: -dy / length, y: dx / length)
        }
        var result: [Point2D] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            let previous = i > 0 ? normal(points[i - 1], points[i]) : (closed ? normal(points[n - 1], points[0]) : nil)
            let next = i < n - 1 ? normal(points[i], points[i + 1]) : (closed ? normal(points[n - 1], points[0]) : nil)
            let a = previous ?? next, b = next ?? previous
            guard let a, let b else { result.append(points[i]); continue }
            // Miter: the bisector scaled so each segment keeps its distance, capped for sharp turns.
            var m = Point2D(x: a.x + b.x, y: a.y + b.y)
            let length = (m.x * m.x + m.y * m.y).squareRoot()
            if length < 1e-9 { m = a } else { m = Point2D(x: m.x / length, y: m.y / length) }
            let cosHalf = max(0.25, m.x * a.x + m.y * a.y)
            result.append(Point2D(x: points[i].x + m.x * distance / cosHalf, y: points[i].y + m.y * distance / cosHalf))
        }
        return result
    }
}

import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireLabels
import MapWireStyle
import MapWireVectorTile
import MapWireNumerics

/// The placement pass of one frame: builds every symbol layer's candidates and keeps those
/// whose boxes do not collide with symbols placed before them. Layers are placed from the top
/// of the style down, so later layers win; within a layer, in feature (or sort-key) order.
struct SymbolPlacer {
    /// One anchor's worth of symbol: its text and icon, with their collision boxes.
    struct Candidate {
        var key: String
        var sortKey: Double
        var anchor: Point2D
        /// The label's text, for keeping repeats of one name apart.
        var text: String
        var glyphs: [GlyphDraw] = []
        var textBoxes: [ScreenBox] = []
        var icon: IconDraw?
        var iconBox: ScreenBox?
        /// How far the text was moved from its centred layout for its (first) variable anchor.
        var textShift = Point2D(x: 0, y: 0)
        /// The label at its further `text-variable-anchor`s, tried in order after the first.
        var otherAnchors: [AnchoredText] = []

        /// The candidate with its text and icon moved on screen (`text-translate`, `icon-translate`):
        /// drawn and tested for collisions there, anchored where it was.
        mutating func translate(text: Point2D, icon: Point2D) {
            if text.x != 0 || text.y != 0 {
                glyphs = glyphs.map { $0.shifted(by: text) }
                textBoxes = textBoxes.map { $0.shifted(by: text) }
                otherAnchors = otherAnchors.map { other in
                    AnchoredText(glyphs: other.glyphs.map { $0.shifted(by: text) }, boxes: other.boxes.map { $0.shifted(by: text) },
                                 shift: other.shift)
                }
            }
            if icon.x != 0 || icon.y != 0 {
                self.icon = self.icon?.shifted(by: icon)
                iconBox = iconBox?.shifted(by: icon)
            }
        }
        /// Whether the icon moves with the text's anchor (variable anchors with icon-text-fit).
        var iconMovesWithText = false
        /// The label's identity on the map, for remembering its variable anchor across frames.
        var mapKey = ""
        /// Where it goes in the layer's drawing order.
        var drawKey = SymbolDrawOrder.Key(tile: 0, rowY: 0, feature: 0)
        /// Its tile's square on screen, when the layer keeps symbols inside their tiles (`symbol-avoid-edges`).
        var tileEdges: TileEdges?
        /// The feature it labels, kept only when the placer records what it placed (queries).
        var origin: PlacedSymbol.Origin?
    }

    /// What one placed candidate draws.
    private struct Placed {
        var key: SymbolDrawOrder.Key
        var glyphs: [GlyphDraw]
        var icon: IconDraw?
    }

    /// A label laid out at one of its variable anchors.
    struct AnchoredText {
        var glyphs: [GlyphDraw]
        var boxes: [ScreenBox]
        var shift: Point2D
    }

    var context: PaintContext
    private(set) var index: CollisionIndex
    /// Identities of the symbols placed, to compare frames.
    private(set) var placedKeys: Set<String> = []
    /// Icon names the sprite lacks.
    private(set) var missingImages: Set<String> = []
    /// Icon names drawn this frame.
    private(set) var usedImages: Set<String> = []
    /// Glyph ranges labels needed and the frame did not have: (font stack, first code point).
    private(set) var neededGlyphRanges: Set<GlyphRangeKey> = []
    /// The variable anchors labels took last frame, and those they take in this one (by `mapKey`).
    private let previousAnchors: VariableAnchorMemory
    private(set) var chosenAnchors: [String: Int] = [:]
    private var glyphsByStack: [[String]: [UInt32: GlyphStore.Glyph]] = [:]
    private let viewport: ScreenBox

    private let padded: PaddedGlyphs
    private let shapes: ShapedLabelCache
    /// Whether to keep each placed symbol's feature and boxes (`placedSymbols`), for queries.
    var recordsPlaced = false
    /// The symbols placed, in placement order, when `recordsPlaced`.
    private(set) var placedSymbols: [PlacedSymbol] = []

    init(context: PaintContext, glyphs: PaddedGlyphs, shapes: ShapedLabelCache,
         previousAnchors: VariableAnchorMemory = VariableAnchorMemory()) {
        self.context = context
        self.previousAnchors = previousAnchors
        padded = glyphs
        self.shapes = shapes
        let w = Double(context.canvas.width), h = Double(context.canvas.height)
        index = CollisionIndex(width: w, height: h)
        viewport = ScreenBox(minX: 0, minY: 0, maxX: w, maxY: h)
    }

    mutating func place(_ layer: RenderLayer) -> PlacedSymbols {
        context = context.drawing(layer)
        let options = SymbolLayerOptions(layer, context.evaluation())
        var candidates: [Candidate] = []
        let frame = context.evaluation()
        let textTranslate = context.translation(layer.numbers("text-translate", frame, [0, 0]),
                                                anchor: layer.string("text-translate-anchor", frame, "map"))
        let iconTranslate = context.translation(layer.numbers("icon-translate", frame, [0, 0]),
                                                anchor: layer.string("icon-translate-anchor", frame, "map"))
        let tiles = SymbolTileOrder.sorted(context.tiles(for: layer), bearing: context.bearingRadians)
        let drawnTiles = Set(tiles.map { "\($0.tile)@\($0.projection.wrap)" })
        for (tileIndex, (tile, data, projection)) in tiles.enumerated() {
            /// Whether the tile (dx, dy) away is drawn (across the antimeridian on the next copy of the world).
            func isDrawn(_ dx: Int, _ dy: Int) -> Bool {
                let count = 1 << tile.z, x = tile.x + dx, y = tile.y + dy
                guard y >= 0, y < count else { return false }
                let wrap = projection.wrap + (x < 0 ? -1 : x >= count ? 1 : 0)
                return drawnTiles.contains("\(CanonicalTileID(z: tile.z, x: (x + count) % count, y: y))@\(wrap)")
            }
            let tileSizeOnScreen = WebMercator.tileSize * pow(2, context.transform.camera.zoom - Double(tile.z))
            let e = Double(data.extent)
            let edges = options.avoidEdges
                ? TileEdges(corners: [(0, 0), (e, 0), (e, e), (0, e)].map { projection.point(x: $0.0, y: $0.1) }) : nil
            // GL drops a line label's anchor near an earlier one of the same text in the same tile,
            // before collisions (half the spacing apart).
            var repeats = RepeatedLabels(minimumDistance: options.placement == .line ? options.spacing / 2 : 0)
            let filtered = context.features(of: data, layer: layer)
            var features = filtered
            /// Where each of `features` came from in `filtered` (nil: the same place).
            var origins: [Int]?
            if options.placement == .line { (features, origins) = mergedLines(filtered, options: options) }
            for (i, feature) in features.enumerated() {
                var name = feature.id.map { "\($0)" } ?? "\(tile.z)/\(tile.x)/\(tile.y)#\(i)"
                if projection.wrap != 0 { name += "@\(projection.wrap)" }
                var found = self.candidates(feature, name: name, layer: layer, options: options,
                                            extent: data.extent, projection: projection, repeats: &repeats, isDrawn: isDrawn)
                for k in found.indices {
                    found[k].drawKey = SymbolDrawOrder.Key(
                        tile: tileIndex, rowY: SymbolDrawOrder.row(screenY: found[k].anchor.y, tileSizeOnScreen: tileSizeOnScreen),
                        feature: i)
                    found[k].translate(text: textTranslate, icon: iconTranslate)
                    found[k].tileEdges = edges
                    if recordsPlaced {
                        let index = origins?[i] ?? i
                        found[k].origin = PlacedSymbol.Origin(layerID: layer.id, tile: tile, wrap: projection.wrap, extent: data.extent,
                                                              featureIndex: index, feature: filtered[index])
                    }
                }
                candidates += found
            }
        }
        if options.hasSortKey {
            // Lower keys are placed first; enumerated pairs keep the sort stable.
            candidates = candidates.enumerated()
                .sorted { ($0.element.sortKey, $0.offset) < ($1.element.sortKey, $1.offset) }
                .map(\.element)
        }
        let byY = SymbolDrawOrder.sortsByY(canOverlap: options.canOverlap, hasSortKey: options.hasSortKey)
        if byY { candidates = SymbolDrawOrder.placementOrder(candidates.map(\.drawKey)).map { candidates[$0] } }
        var placed: [Placed] = []
        for candidate in candidates { _ = place(candidate, options, into: &placed) }
        var result = PlacedSymbols()
        for i in SymbolDrawOrder.order(placed.map(\.key), byY: byY, acrossTiles: options.hasSortKey) {
            result.glyphs += placed[i].glyphs
            if let icon = placed[i].icon { result.icons.append(icon) }
        }
        return result
    }

    /// GL's merge of a tile's line features that share a label and meet end to start, with the place
    /// in `features` each merged one keeps the properties of (nil: nothing merged).
    private func mergedLines(_ features: [VectorFeature], options: SymbolLayerOptions) -> ([VectorFeature], [Int]?) {
        let texts: [String?] = features.map { feature in
            guard feature.type == .lineString, let first = feature.geometry.first, !first.isEmpty else { return nil }
            return SymbolTextStyle(options.text, context.evaluation(feature), alongLine: true)?.sections.map(\.text).joined()
        }
        guard texts.contains(where: { $0 != nil }) else { return (features, nil) }
        let merged = LineLabelMerger.merge(texts: texts, lines: features.map { $0.geometry.first ?? [] })
        let lines = merged.map { merged in
            var feature = features[merged.index]
            if !feature.geometry.isEmpty { feature.geometry[0] = merged.line }
            return feature
        }
        return (lines, merged.map(\.index))
    }

    /// Whether any part of the candidate was placed.
    private mutating func place(_ c: Candidate, _ options: SymbolLayerOptions, into result: inout [Placed]) -> Bool {
        let hasText = !c.glyphs.isEmpty, hasIcon = c.icon != nil
        // The text at its first anchor, then at the others (no array built for the usual single one).
        let anchorCount = 1 + c.otherAnchors.count
        func anchored(_ i: Int) -> AnchoredText {
            i == 0 ? AnchoredText(glyphs: c.glyphs, boxes: c.textBoxes, shift: c.textShift) : c.otherAnchors[i - 1]
        }
        // Symbols wholly off screen are neither drawn nor kept.
        guard (0..<anchorCount).contains(where: { anchored($0).boxes.contains(where: viewport.intersects) })
            || c.iconBox.map(viewport.intersects) == true else { return false }
        // GL tries each anchor without overlap, then (when text may overlap) each with its overlap
        // mode; an icon that moves with the text must fit wherever the text goes.
        var chosen = anchored(0), chosenIndex = 0, placeText = false
        if hasText {
            // Last frame's anchor first (GL's prevPlacement), so a label that still fits stays put.
            let order = anchorCount > 1 ? previousAnchors.order(for: c.mapKey, count: anchorCount) : [0]
            let attempts = options.textOverlap != .never ? 2 * anchorCount : anchorCount
            for attempt in 0..<attempts {
                let anchorIndex = order[attempt % anchorCount]
                let candidate = anchored(anchorIndex)
                let textFits = c.tileEdges.map { edges in candidate.boxes.allSatisfy(edges.contains) } ?? true
                    && index.fits(candidate.boxes, mode: attempt >= anchorCount ? options.textOverlap : .never)
                let iconFits = !c.iconMovesWithText
                    || c.iconBox.map { index.fits([$0.shifted(by: Self.difference(candidate.shift, c.textShift))], mode: options.iconOverlap) } ?? true
                if textFits && iconFits {
                    chosen = candidate
                    chosenIndex = anchorIndex
                    placeText = true
                    break
                }
            }
        }
        var icon = c.icon, iconBox = c.iconBox
        if c.iconMovesWithText {
            let d = Self.difference(chosen.shift, c.textShift)
            icon = icon?.shifted(by: d)
            iconBox = iconBox?.shifted(by: d)
        }
        var placeIcon = hasIcon && index.fits(iconBox.map { [$0] } ?? [], mode: options.iconOverlap)
            && (c.tileEdges.map { edges in iconBox.map(edges.contains) ?? false } ?? true)
        if hasText && hasIcon {
            // Text and icon go together unless the one left behind is optional.
            if !options.textOptional && !options.iconOptional {
                placeText = placeText && placeIcon
                placeIcon = placeText
            } else if !options.iconOptional {
                placeText = placeText && placeIcon
            } else if !options.textOptional {
                placeIcon = placeIcon && placeText
            }
        }
        var drawn = Placed(key: c.drawKey, glyphs: [], icon: nil)
        if placeText {
            if anchorCount > 1 { chosenAnchors[c.mapKey] = chosenIndex }
            drawn.glyphs = chosen.glyphs
            if !options.textIgnorePlacement { index.insert(chosen.boxes, mode: options.textOverlap) }
        }
        if placeIcon, let icon, let box = iconBox {
            drawn.icon = icon
            usedImages.insert(icon.name)
            if !options.iconIgnorePlacement { index.insert([box], mode: options.iconOverlap) }
        }
        if placeText || placeIcon {
            placedKeys.insert(c.key)
            result.append(drawn)
            if let origin = c.origin {
                let boxes = (placeText ? chosen.boxes : []) + (placeIcon ? iconBox.map { [$0] } ?? [] : [])
                placedSymbols.append(PlacedSymbol(origin: origin, boxes: boxes, drawKey: c.drawKey,
                                                  drawnByY: SymbolDrawOrder.sortsByY(canOverlap: options.canOverlap, hasSortKey: options.hasSortKey)))
            }
        }
        return placeText || placeIcon
    }

    private static func difference(_ a: Point2D, _ b: Point2D) -> Point2D { Point2D(x: a.x - b.x, y: a.y - b.y) }

    private mutating func candidates(_ feature: VectorFeature, name: String, layer: RenderLayer, options: SymbolLayerOptions,
                                     extent: Int, projection: TileProjection, repeats: inout RepeatedLabels,
                                     isDrawn: (Int, Int) -> Bool) -> [Candidate] {
        let eval = context.evaluation(feature)
        let alongLine = options.placement != .point
        let textStyle = SymbolTextStyle(options.text, eval, alongLine: alongLine)
        let iconStyle = SymbolIconStyle(options.icon, eval)
        guard textStyle != nil || iconStyle != nil else { return [] }
        var entry: SpriteAtlas.Entry?
        if let iconStyle {
            entry = context.scene.sprite?.entries[iconStyle.name]
            if entry == nil { missingImages.insert(iconStyle.name) }
        }
        var shaped: ShapedText?, shapedVertical: ShapedText?
        // Variable anchors: the centred layout for each justification they ask for.
        var shapedByJustify: [Double: ShapedText] = [:]
        if let textStyle {
            let runs = textStyle.sections.map { section in
                ShapedLabelCache.Key.Run(text: section.text, stack: section.fontStack ?? textStyle.fontStack, scale: section.scale ?? 1)
            }
            let text = shape(runs, textStyle.layout)
            if !text.isEmpty { shaped = text }
            // Labels along lines with CJK may turn to vertical writing where the line runs down the screen;
            // point labels when `text-writing-mode` asks for it (centred: the anchor applies once turned).
            let verticalAsked = alongLine || textStyle.writingModes.contains("vertical") && textStyle.variableAnchors.isEmpty
            if verticalAsked, !text.isEmpty, textStyle.sections.contains(where: { VerticalWriting.allowsVertical($0.text) }) {
                let verticalRuns = textStyle.sections.map { section in
                    ShapedLabelCache.Key.Run(text: VerticalWriting.verticalized(section.text),
                                             stack: section.fontStack ?? textStyle.fontStack, scale: section.scale ?? 1)
                }
                var layout = textStyle.layout
                layout.vertical = true
                if !alongLine {
                    layout.verticalPoint = true
                    layout.anchor = .center
                    layout.justify = 0.5
                    layout.offsetX = 0
                    layout.offsetY = 0
                }
                shapedVertical = shape(verticalRuns, layout)
            }
            for variable in textStyle.variableAnchors where shapedByJustify[variable.justify] == nil {
                var layout = textStyle.layout
                layout.justify = variable.justify
                shapedByJustify[variable.justify] = variable.justify == textStyle.layout.justify ? text : shape(runs, layout)
            }
        }
        guard shaped != nil || entry != nil else { return [] }
        let labelText = shaped == nil ? "" : textStyle?.sections.map(\.text).joined() ?? ""
        let sortKey = options.hasSortKey
            ? layer.number("symbol-sort-key", EvaluationContext(zoom: options.text.layoutZoom, feature: eval.feature), 0) : 0
        let bearing = -context.bearingRadians
        let textRotation = (textStyle?.rotate ?? 0) + (options.textFollowsMap ? bearing : 0)
        let iconRotation = (iconStyle?.rotate ?? 0) + (options.iconFollowsMap ? bearing : 0)

        func key(_ p: Point2D) -> String {
            "\(layer.id)|\(name)|\(Int(saturating: p.x.rounded())),\(Int(saturating: p.y.rounded()))"
        }
        // Under pitch labels and icons are sized by their distance (GL's perspective ratio).
        let projector = projection.projector
        func sized(_ p: Point2D) -> (text: SymbolTextStyle?, icon: SymbolIconStyle?) {
            guard !projector.isFlat else { return (textStyle, iconStyle) }
            let ratio = SymbolPerspective.ratio(groundScale: projector.perspectiveScale(atScreenY: p.y))
            var text = textStyle, icon = iconStyle
            text?.size *= ratio
            icon?.size *= ratio
            return (text, icon)
        }
        func atPoint(_ p: Point2D, iconRotation: Double) -> Candidate {
            var c = Candidate(key: key(p), sortKey: sortKey, anchor: p, text: labelText)
            let (textStyle, iconStyle) = sized(p)
            if let shaped, let textStyle {
                if textStyle.variableAnchors.isEmpty || alongLine {
                    let text = SymbolGeometry.pointText(shaped, textStyle, at: p, rotation: textRotation)
                    c.glyphs = text.glyphs
                    c.textBoxes = [text.box]
                    if !alongLine, let shapedVertical {
                        // The writing modes in the style's order, the later ones tried when the first collides.
                        let vertical = SymbolGeometry.verticalPointText(shapedVertical, textStyle, at: p, rotation: textRotation,
                                                                        anchor: textStyle.styleAnchor)
                        let horizontal = AnchoredText(glyphs: text.glyphs, boxes: [text.box], shift: Point2D(x: 0, y: 0))
                        let verticalText = AnchoredText(glyphs: vertical.glyphs, boxes: [vertical.box], shift: Point2D(x: 0, y: 0))
                        let modes = textStyle.writingModes.map { $0 == "vertical" ? verticalText : horizontal }
                        c.glyphs = modes[0].glyphs
                        c.textBoxes = modes[0].boxes
                        c.otherAnchors = Array(modes.dropFirst())
                    }
                } else if case let anchored = variableAnchored(textStyle, shapedByJustify, at: p, rotation: textRotation,
                                                    mapBearing: options.textFollowsMap ? bearing : 0), !anchored.isEmpty {
                    c.glyphs = anchored[0].glyphs
                    c.textBoxes = anchored[0].boxes
                    c.textShift = anchored[0].shift
                    c.otherAnchors = Array(anchored.dropFirst())
                    c.iconMovesWithText = iconStyle.map { $0.textFit != .none } ?? false
                }
            }
            if let entry, let iconStyle {
                // icon-text-fit stretches the icon around the text's box (the centred one with variable
                // anchors: the icon then moves with the anchor the text takes).
                let f = (textStyle?.size ?? 0) / EmUnits.perEm
                let textBox = shaped.map { s in (left: s.left * f, top: s.top * f, right: s.right * f, bottom: s.bottom * f) }
                var icon = SymbolGeometry.icon(entry, iconStyle, at: p, rotation: iconRotation, text: textBox)
                if c.iconMovesWithText {
                    icon.icon = icon.icon.shifted(by: c.textShift)
                    icon.box = icon.box.shifted(by: c.textShift)
                }
                c.icon = icon.icon
                c.iconBox = icon.box
            }
            return c
        }

        guard alongLine else {
            return PointAnchors.anchors(of: feature)
                .filter { $0.x.isFinite && $0.y.isFinite && PointAnchors.isPlaced($0, extent: extent, isDrawn: isDrawn) }
                .compactMap { tilePoint -> Candidate? in
                    let p = projection.point(x: tilePoint.x, y: tilePoint.y)
                    guard !SymbolDistanceCull.isTooFar(screenY: p.y, projector) else { return nil }
                    var c = atPoint(p, iconRotation: iconRotation)
                    if !c.otherAnchors.isEmpty { c.mapKey = "\(layer.id)|\(name)|\(tilePoint.x),\(tilePoint.y)" }
                    return c
                }
        }
        guard feature.type == .lineString || feature.type == .polygon else { return [] }
        var result: [Candidate] = []
        // GL lays anchors out in the tile's px at its zoom, with the text size at zoom 18 (its largest
        // box); on screen the tile is scaled by the zoom's fraction.
        let zoom = context.transform.camera.zoom
        let tileScale = pow(2, zoom - zoom.rounded(.down))
        // A tile drawn past its source's maximum zoom is laid out as that many times larger (GL's overscaling).
        let overscaling = max(1, pow(2, zoom.rounded(.down) - Double(projection.tile.z)))
        let maxSize = layer.number("text-size", EvaluationContext(zoom: 18, feature: eval.feature), textStyle?.size ?? 16)
        // GL scales the icon's width (px) by the text's box scale too, as if it were em units.
        // GL measures a label that may be written vertically by its vertical layout (getAnchors gets the
        // vertical shaping when there is one).
        var labelLength = (shapedVertical ?? shaped)?.width ?? 0
        if let entry, let iconStyle {
            labelLength = max(labelLength, Double(entry.width) / entry.pixelRatio * iconStyle.size)
        }
        labelLength *= maxSize / EmUnits.perEm * tileScale
        // Under pitch anchors are found on the line drawn flat, as GL finds them on the tile's geometry.
        let flatProjection = projector.isFlat ? projection
            : TileProjection(transform: FlatLineAnchors.flat(context.transform), tile: projection.tile, extent: extent, wrap: projection.wrap)
        for rawLine in feature.geometry where rawLine.count >= 2 {
            // Polygon rings are closed lines.
            let line = feature.type == .polygon ? rawLine + [rawLine[0]] : rawLine
            let path = ScreenPath(projection.points(line))
            guard path.points.count >= 2 else { continue }
            let flatPath = projector.isFlat ? path : ScreenPath(flatProjection.points(line))
            guard flatPath.points.count >= 2 else { continue }
            let stretches = LineAnchors.stretches(of: flatPath, line: line, extent: extent, projection: flatProjection)
            var distances: [Double]
            if options.placement == .lineCenter {
                let middle = flatPath.length / 2
                let owned = stretches.contains { $0.start <= middle && middle < $0.end }
                distances = owned && flatPath.length >= labelLength ? [middle] : []
            } else {
                // GL's text-max-angle check over the label's length, on the flat line, in windows of
                // 3/5 of the glyph size (text only).
                let window = shaped == nil ? 0 : maxSize * 3 / 5 * tileScale
                distances = LineAnchors.anchors(along: flatPath, inside: stretches, spacing: options.spacing * tileScale,
                                                labelLength: labelLength, fixedExtra: 2 * maxSize * tileScale,
                                                overscaling: overscaling) { d in
                    window == 0 || LineLabelLayout.bendsWithin(flatPath, from: d - labelLength / 2, to: d + labelLength / 2,
                                                               maxAngle: options.maxAngle, window: window)
                }
                if options.placement == .line, !labelText.isEmpty {
                    distances = distances.filter { d in
                        let p = flatPath.locate(d).point
                        guard !repeats.isTooClose(labelText, at: p, scale: tileScale) else { return false }
                        repeats.record(labelText, at: p)
                        return true
                    }
                }
            }
            let flatDistances = distances
            if !projector.isFlat {
                distances = distances.map {
                    FlatLineAnchors.pitchedDistance($0, flat: flatPath, pitched: path, line: line, projection: projection)
                }
            }
            // Text lying on the pitched map is laid along the flat line, then carried into the pitched view.
            let mapPlane = projector.isFlat || !options.textPitchWithMap ? nil
                : MapPlaneLabels(flat: flatProjection, pitched: projection, extent: extent, pitch: context.transform.camera.pitch)
            for (k, d) in distances.enumerated() {
                let at = path.locate(d)
                var c = atPoint(at.point, iconRotation: iconRotation + (options.iconFollowsMap ? at.angle - bearing : 0))
                if let shaped, var textStyle, let mapPlane, options.textFollowsMap {
                    // GL grows text on the map plane by 0.5 + 0.5 × (anchor distance / centre distance),
                    // and the projection shrinks it by that distance ratio.
                    textStyle.size *= SymbolPerspective.ratio(groundScale: 1 / projector.perspectiveScale(atScreenY: at.point.y))
                    guard let text = SymbolGeometry.lineText(shaped, textStyle, along: flatPath, at: flatDistances[k],
                                                             keepUpright: options.keepUpright, maxAngle: options.maxAngle,
                                                             vertical: shapedVertical)
                    else { continue }
                    c.glyphs = text.glyphs.map(mapPlane.glyph)
                    c.textBoxes = text.boxes.map(mapPlane.box)
                } else if let shaped, let textStyle = sized(at.point).text, options.textFollowsMap {
                    guard let text = SymbolGeometry.lineText(shaped, textStyle, along: path, at: d,
                                                             keepUpright: options.keepUpright, maxAngle: options.maxAngle,
                                                             vertical: shapedVertical)
                    else { continue }
                    c.glyphs = text.glyphs
                    c.textBoxes = text.boxes
                }
                result.append(c)
            }
        }
        return result
    }

    /// The label at each of its variable anchors, in order: the centred layout moved so the anchor's
    /// side of its padded box sits on `p`, plus the anchor's offset (turned with the map when aligned to it).
    private func variableAnchored(_ style: SymbolTextStyle, _ shapedByJustify: [Double: ShapedText], at p: Point2D,
                                  rotation: Double, mapBearing: Double) -> [AnchoredText] {
        let f = style.size / EmUnits.perEm
        return style.variableAnchors.compactMap { variable in
            guard let shaped = shapedByJustify[variable.justify] else { return nil }
            var shift = variable.shift(width: shaped.width * f + 2 * style.padding,
                                       height: (shaped.bottom - shaped.top) * f + 2 * style.padding, scale: f)
            if mapBearing != 0 {
                let c = cos(mapBearing), s = sin(mapBearing)
                shift = Point2D(x: shift.x * c - shift.y * s, y: shift.x * s + shift.y * c)
            }
            let text = SymbolGeometry.pointText(shaped, style, at: Point2D(x: p.x + shift.x, y: p.y + shift.y), rotation: rotation)
            return AnchoredText(glyphs: text.glyphs, boxes: [text.box], shift: shift)
        }
    }

    /// The runs laid out, shaped once for as long as the glyphs stay the same (`ShapedLabelCache`);
    /// the glyph ranges they lack are noted each time.
    private mutating func shape(_ runs: [ShapedLabelCache.Key.Run], _ layout: TextLayoutOptions) -> ShapedText {
        // The stacks' glyphs as shaping would read them now: new ones move the generation on.
        for run in runs { _ = glyphs(run.stack) }
        let entry = shapes.entry(ShapedLabelCache.Key(runs, layout), glyphGeneration: padded.generation) {
            var lacking = Set<GlyphRangeKey>()
            let textRuns = runs.map { textRun($0.text, stack: $0.stack, scale: $0.scale, lacking: &lacking) }
            return ShapedLabelCache.Entry(shaped: TextShaper.shape(textRuns, layout), lacking: Array(lacking))
        }
        neededGlyphRanges.formUnion(entry.lacking)
        return entry.shaped
    }

    /// A run of text with its stack's glyphs, noting the ranges of characters the stack lacks.
    private mutating func textRun(_ text: String, stack: [String], scale: Double, lacking: inout Set<GlyphRangeKey>) -> TextRun {
        // Arabic letters take their joined forms first (the glyphs drawn are those forms).
        let text = BidiText.shapeArabic(text)
        let available = glyphs(stack)
        for scalar in text.unicodeScalars where available[scalar.value] == nil && LabelGlyphRanges.needsGlyph(scalar) {
            lacking.insert(GlyphRangeKey(fontStack: stack, containing: scalar))
        }
        return TextRun(text: text, glyphs: available, scale: scale)
    }

    /// The glyphs of a font stack (looked up once per frame).
    private mutating func glyphs(_ stack: [String]) -> [UInt32: GlyphStore.Glyph] {
        if let known = glyphsByStack[stack] { return known }
        let found = padded.glyphs(stack.joined(separator: ","), from: context.scene.glyphs)
        glyphsByStack[stack] = found
        return found
    }
}

import MapWireCanvas
import MapWireStyle

/// `symbol`: labels and icons, placed without collisions. Placement runs over every symbol
/// layer before any is drawn (upper layers claim space first), then each layer draws what it
/// placed at its own place in the style. Keeps the previous frame's placement to tell whether
/// it changed.
final class SymbolPainter {
    private var placed: Set<String> = []
    private var previous: Set<String> = []
    private var missing: Set<String> = []
    private var neededGlyphs: Set<GlyphRangeKey> = []
    private var used: Set<String> = []
    private var layers: [String: PlacedSymbols] = [:]
    private let sdfFields = SDFIconFields()
    private let glyphs = PaddedGlyphs()
    private let shapes = ShapedLabelCache()

    func beginFrame() {
        previous = placed
        placed = []
        missing = []
        neededGlyphs = []
        used = []
        layers = [:]
    }

    /// The placement pass: call once per frame, after `beginFrame` and before painting.
    func prepare(_ styleLayers: [RenderLayer], _ context: PaintContext) {
        shapes.beginFrame()
        var placer = SymbolPlacer(context: context, glyphs: glyphs, shapes: shapes)
        for layer in styleLayers.reversed() where layer.type == "symbol" && layer.isVisible(atZoom: context.zoom) {
            layers[layer.id] = placer.place(layer)
        }
        placed = placer.placedKeys
        missing = placer.missingImages
        neededGlyphs = placer.neededGlyphRanges
        used = placer.usedImages
    }

    func paint(_ layer: RenderLayer, _ context: PaintContext) {
        guard let symbols = layers[layer.id] else { return }
        SymbolDrawer.draw(symbols, context, sdfFields: sdfFields)
    }

    /// The glyph ranges the placed labels lacked (known after `prepare`).
    var neededGlyphRanges: Set<GlyphRangeKey> { neededGlyphs }

    func endFrame() -> (changed: Bool, missingImages: [String], neededGlyphs: [GlyphRangeKey], usedImages: [String]) {
        (placed != previous, missing.sorted(), neededGlyphs.sorted(), used.sorted())
    }
}

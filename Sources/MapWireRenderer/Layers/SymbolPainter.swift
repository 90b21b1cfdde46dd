import MapWireCanvas
import MapWireLabels
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
    /// The variable anchors labels took, per view (`prepare`'s `view`): the map's own frames and views
    /// drawn at other sizes (served tiles) keep apart; the least recently drawn view is dropped past eight.
    private var anchorMemories: [(view: String, memory: VariableAnchorMemory)] = []
    static let rememberedViews = 8

    func beginFrame() {
        previous = placed
        placed = []
        missing = []
        neededGlyphs = []
        used = []
        layers = [:]
    }

    /// The placement pass: call once per frame, after `beginFrame` and before painting.
    func prepare(_ styleLayers: [RenderLayer], _ context: PaintContext, view: String = "") {
        shapes.beginFrame()
        let known = anchorMemories.firstIndex { $0.view == view }
        var placer = SymbolPlacer(context: context, glyphs: glyphs, shapes: shapes,
                                  previousAnchors: known.map { anchorMemories[$0].memory } ?? VariableAnchorMemory())
        for layer in styleLayers.reversed() where layer.type == "symbol" && layer.isVisible(atZoom: context.zoom) {
            layers[layer.id] = placer.place(layer)
        }
        if let known { anchorMemories.remove(at: known) }
        anchorMemories.append((view, VariableAnchorMemory.next(chosen: placer.chosenAnchors)))
        if anchorMemories.count > Self.rememberedViews { anchorMemories.removeFirst() }
        placed = placer.placedKeys
        missing = placer.missingImages
        neededGlyphs = placer.neededGlyphRanges
        used = placer.usedImages
    }

    /// The symbols a frame of `context` places, with their features and boxes, for a query: placed as
    /// `prepare` places them (from the view's remembered anchors), keeping nothing for the next frame.
    func placedSymbols(_ styleLayers: [RenderLayer], _ context: PaintContext, view: String) -> [PlacedSymbol] {
        let known = anchorMemories.first { $0.view == view }?.memory
        var placer = SymbolPlacer(context: context, glyphs: glyphs, shapes: shapes, previousAnchors: known ?? VariableAnchorMemory())
        placer.recordsPlaced = true
        for layer in styleLayers.reversed() where layer.type == "symbol" && layer.isVisible(atZoom: context.zoom) {
            _ = placer.place(layer)
        }
        return placer.placedSymbols
    }

    func paint(_ layer: RenderLayer, _ context: PaintContext) {
        guard let symbols = layers[layer.id] else { return }
        SymbolDrawer.draw(symbols, context, sdfFields: sdfFields)
    }

    func forgetAnchors() { anchorMemories = [] }

    /// The glyph ranges the placed labels lacked (known after `prepare`).
    var neededGlyphRanges: Set<GlyphRangeKey> { neededGlyphs }

    func endFrame() -> (changed: Bool, missingImages: [String], neededGlyphs: [GlyphRangeKey], usedImages: [String]) {
        (placed != previous, missing.sorted(), neededGlyphs.sorted(), used.sorted())
    }
}

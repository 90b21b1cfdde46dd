import Foundation
import MapWireStyle
import MapWireVectorTile

/// The glyph ranges a vector tile's labels need, per font stack, by the same rules the symbol placer
/// uses (layer zoom range, filter, text-field, text-transform, text-font and formatted sections' fonts).
/// An offline download fetches these instead of every range of every font stack.
public struct LabelGlyphRanges {
    private let style: RenderStyle

    public init(styleJSON: Data) throws {
        style = try RenderStyle(json: styleJSON)
    }

    /// The ranges the symbol layers of `sourceID` need to label `tile` at map zooms `zooms` (a tile is
    /// shown from its zoom up to the next; a source's last zoom is shown over-zoomed up to the region's).
    public func needed(sourceID: String, tile: VectorTileData, zooms: ClosedRange<Int>) -> Set<GlyphRangeKey> {
        var ranges = Set<GlyphRangeKey>()
        let low = Double(zooms.lowerBound), high = Double(zooms.upperBound) + 1
        for layer in style.layers where layer.type == "symbol" && layer.source == sourceID && layer.layout["text-field"] != nil {
            // A layer visible anywhere in the span labels the tile; it is evaluated where it first shows.
            guard layer.visible, layer.minZoom < high, layer.maxZoom > low,
                  let data = tile.layers[layer.sourceLayer ?? "_geojsonTileLayer"] else { continue }
            for feature in data.features {
                let eval = EvaluationContext(zoom: max(low, layer.minZoom), feature: FeatureContext(feature: feature))
                if let filter = layer.filter, !filter.matches(eval) { continue }
                guard let text = SymbolTextStyle(layer, eval, alongLine: false) else { continue }
                for section in text.sections {
                    let stack = section.fontStack ?? text.fontStack
                    for scalar in BidiText.shapeArabic(section.text).unicodeScalars where Self.needsGlyph(scalar) {
                        ranges.insert(GlyphRangeKey(fontStack: stack, rangeStart: scalar.value / 256 * 256))
                    }
                }
            }
        }
        return ranges
    }

    /// Spaces and no-break spaces are laid out without a glyph (as `SymbolPlacer.textRun`).
    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value != 0xA0
    }
}

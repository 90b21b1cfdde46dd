import Foundation
import MapWireStyle
import MapWireVectorTile

/// The glyph ranges a vector tile's labels need, per font stack, by the same rules the symbol placer
/// uses (layer zoom range, filter, text-field, text-transform, text-font and formatted sections' fonts,
/// Arabic letters in their joined forms). An offline download fetches these instead of every range of
/// every font stack.
public struct LabelGlyphRanges: Sendable {
    private let layers: [RenderLayer]

    public init(styleJSON: Data) throws {
        layers = try StyleLayers.compile(StyleLayers.root(of: styleJSON)).layers
    }

    /// The ranges the symbol layers of `sourceID` need to label `tile` at map zooms `zooms` (a tile is
    /// shown from its zoom up to the next; a source's last zoom is shown over-zoomed up to the region's).
    public func needed(sourceID: String, tile: VectorTileData, zooms: ClosedRange<Int>) -> Set<GlyphRangeKey> {
        var ranges = Set<GlyphRangeKey>()
        let low = Double(zooms.lowerBound), high = Double(zooms.upperBound) + 1
        for layer in layers where layer.type == "symbol" && layer.source == sourceID && layer.layout["text-field"] != nil {
            // A layer visible anywhere in the span labels the tile; it is evaluated where it first shows.
            guard layer.visible, layer.minZoom < high, layer.maxZoom > low,
                  let data = tile.layers[layer.sourceLayer ?? "_geojsonTileLayer"] else { continue }
            for feature in data.features {
                let eval = EvaluationContext(zoom: max(low, layer.minZoom), feature: FeatureContext(feature: feature))
                if let filter = layer.filter, !filter.matches(eval) { continue }
                guard let label = LabelText(layer, eval) else { continue }
                for section in label.sections {
                    let stack = section.fontStack ?? label.fontStack
                    for scalar in BidiText.shapeArabic(section.text).unicodeScalars where Self.needsGlyph(scalar) {
                        ranges.insert(GlyphRangeKey(fontStack: stack, containing: scalar))
                    }
                }
            }
        }
        return ranges
    }

    /// Spaces and no-break spaces are laid out without a glyph (as the symbol placer's text runs).
    public static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value != 0xA0
    }
}

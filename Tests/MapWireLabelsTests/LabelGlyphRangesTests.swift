import Foundation
import MapWireLabels
import MapWireStyle
import MapWireVectorTile
import Testing

/// Which labels show, in which fonts, and the glyph ranges an offline download fetches for them.
@Suite struct LabelGlyphRangesTests {
    static func layer(_ layout: [String: Any], filter: Any? = nil) throws -> RenderLayer {
        var json: [String: Any] = ["id": "l", "type": "symbol", "source": "s", "source-layer": "places", "layout": layout]
        json["filter"] = filter
        return try RenderLayer(json: json)
    }

    static func point(_ name: String, kind: String = "town") -> VectorFeature {
        VectorFeature(type: .point, geometry: [[TilePoint(x: 0, y: 0)]], properties: ["name": .string(name), "kind": .string(kind)])
    }

    @Test func aLabelTakesItsTransformAndTheLayersFont() throws {
        let layer = try Self.layer(["text-field": "{name}", "text-transform": "uppercase", "text-font": ["Noto Sans Bold"]])
        let label = try #require(LabelText(layer, EvaluationContext(zoom: 10, feature: FeatureContext(feature: Self.point("köln")))))
        #expect(label.sections.map(\.text) == ["KÖLN"] && label.fontStack == ["Noto Sans Bold"])
        let plain = try Self.layer(["text-field": "{name}"])
        #expect(LabelText(plain, EvaluationContext(zoom: 10, feature: FeatureContext(feature: Self.point("a"))))?.fontStack == LabelText.defaultFont)
    }

    @Test func noTextOrNoSizeShowsNoLabel() throws {
        let eval = EvaluationContext(zoom: 10, feature: FeatureContext(feature: Self.point("")))
        #expect(LabelText(try Self.layer(["text-field": "{name}"]), eval) == nil)
        let sized = EvaluationContext(zoom: 10, feature: FeatureContext(feature: Self.point("a")))
        #expect(LabelText(try Self.layer(["text-field": "{name}", "text-size": 0]), sized) == nil)
        #expect(LabelText(try Self.layer(["text-size": 12]), sized) == nil)
    }

    @Test func rangesFollowTheShapedTextAndSkipSpacesAndFilteredFeatures() throws {
        let style = """
            {"version": 8, "sources": {}, "layers": [{"id": "l", "type": "symbol", "source": "s", "source-layer": "places",
              "filter": ["==", ["get", "kind"], "town"], "layout": {"text-field": "{name}", "text-font": ["F"]}}]}
            """
        let ranges = try LabelGlyphRanges(styleJSON: Data(style.utf8))
        let tile = VectorTileData(layers: ["places": VectorLayer(name: "places", features: [
            Self.point("A\u{A0}Ā"), Self.point("سلام"), Self.point("Ж", kind: "village"),
        ])], layerOrder: ["places"])
        // Arabic letters are fetched in their joined forms (U+FExx), not as written (U+06xx); the no-break
        // space needs no glyph; the village is filtered out.
        #expect(ranges.needed(sourceID: "s", tile: tile, zooms: 10...10).sorted().map(\.rangeStart) == [0, 256, 0xFE00])
        #expect(ranges.needed(sourceID: "other", tile: tile, zooms: 10...10).isEmpty)
    }
}

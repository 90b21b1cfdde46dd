import MapWireLabels
import MapWireStyle
import MapWireVectorTile
import Testing
@testable import MapWireRenderer

/// A property resolved once per layer and frame reads as `RenderLayer.number` & co. read it per
/// feature, and evaluates per feature only what a feature can change.
@Suite struct LayerPropertyTests {
    static let layer = try! RenderLayer(json: [
        "id": "roads", "type": "line", "source": "s",
        "paint": [
            "line-width": ["interpolate", ["linear"], ["zoom"], 10, 1, 14, 5],
            "line-color": ["match", ["get", "kind"], "major", "#ff0000", "#0000ff"],
            "line-opacity": 0.5,
            "line-gap-width": ["get", "gap"],
        ] as [String: Any],
        "layout": ["line-cap": "round"],
    ])

    static func feature(_ kind: String, gap: Double? = nil) -> VectorFeature {
        var properties: [String: FeatureValue] = ["kind": .string(kind)]
        if let gap { properties["gap"] = .double(gap) }
        return VectorFeature(type: .lineString, geometry: [[TilePoint(x: 0, y: 0), TilePoint(x: 1, y: 1)]], properties: properties)
    }

    @Test func readsWhatTheLayerReadsForEachFeature() {
        let zoom = 12.5, frame = EvaluationContext(zoom: zoom)
        let width = Self.layer.numberProperty("line-width", frame, 1)
        let color = Self.layer.colorProperty("line-color", frame, .black)
        let opacity = Self.layer.numberProperty("line-opacity", frame, 1)
        let gap = Self.layer.numberProperty("line-gap-width", frame, 0)
        let blur = Self.layer.numberProperty("line-blur", frame, 0)
        let cap = Self.layer.stringProperty("line-cap", frame, "butt")
        let dash = Self.layer.numbersProperty("line-dasharray", frame, [])
        for feature in [Self.feature("major", gap: 2), Self.feature("minor"), Self.feature("minor", gap: -1)] {
            let eval = EvaluationContext(zoom: zoom, feature: FeatureContext(feature: feature))
            #expect(width(eval) == Self.layer.number("line-width", eval, 1))
            #expect(color(eval) == Self.layer.color("line-color", eval, .black))
            #expect(opacity(eval) == Self.layer.number("line-opacity", eval, 1))
            #expect(gap(eval) == Self.layer.number("line-gap-width", eval, 0))
            #expect(blur(eval) == Self.layer.number("line-blur", eval, 0))
            #expect(cap(eval) == Self.layer.string("line-cap", eval, "butt"))
            #expect(dash(eval) == Self.layer.numbers("line-dasharray", eval, []))
        }
    }

    @Test func onlyFeatureDependentPropertiesNeedTheFeature() {
        let frame = EvaluationContext(zoom: 12)
        #expect(Self.layer.colorProperty("line-color", frame, .black).dependsOnFeature)
        #expect(Self.layer.numberProperty("line-gap-width", frame, 0).dependsOnFeature)
        // Zoom-only, constant and absent properties are evaluated once: no feature context is built.
        for name in ["line-width", "line-opacity", "line-blur"] {
            let property = Self.layer.numberProperty(name, frame, 1)
            #expect(!property.dependsOnFeature)
            var built = 0
            _ = property({ built += 1; return frame }())
            #expect(built == 0)
        }
    }

    @Test func theLineStyleReadsTheSameAsBefore() {
        let frame = EvaluationContext(zoom: 13)
        let properties = LinePainter.Properties(Self.layer, frame)
        #expect(properties.dependOnFeature)
        let eval = EvaluationContext(zoom: 13, feature: FeatureContext(feature: Self.feature("major", gap: 3)))
        #expect(properties.width(eval) == 4)
        #expect(properties.gap(eval) == 3)
        #expect(properties.color(eval) == Self.layer.color("line-color", eval, .black))
    }
}

import Foundation
import Testing
@testable import MapWireStyle

/// The style specification's reference as the runtime style commands check values against it, and
/// global state known when a style is compiled.
@Suite struct StyleValidationTests {
    @Test func theReferenceKnowsEveryLayerTypeAndItsProperties() throws {
        #expect(StyleReference.layerTypes == ["background", "circle", "color-relief", "fill", "fill-extrusion", "heatmap", "hillshade", "line", "raster", "symbol"])
        for type in StyleReference.layerTypes {
            #expect(StyleReference.layoutProperties(of: type)?["visibility"] != nil, "\(type)")
            #expect(StyleReference.paintProperties(of: type)?.isEmpty == false, "\(type)")
        }
        let opacity = try #require(StyleReference.paintProperties(of: "fill")?["fill-opacity"])
        #expect(opacity.minimum == 0 && opacity.maximum == 1 && opacity.transition)
        #expect(opacity.parameters.contains("feature-state"))
        #expect(StyleReference.properties(of: "terrain")?["source"]?.required == true)
    }

    @Test(arguments: [
        ("fill-opacity", "0.5", true), ("fill-opacity", "1.5", false), ("fill-color", #""rgba(1, 2, 3, 0.5)""#, true),
        ("fill-color", #""nope""#, false), ("fill-translate", "[1, 2]", true), ("fill-translate", "[1]", false),
        ("fill-translate-anchor", #""map""#, true), ("fill-translate-anchor", #""up""#, false),
        ("fill-color", #"{"stops": [[0, "red"], [10, "blue"]]}"#, true), ("fill-antialias", #"{"stops": [[0, true]]}"#, true),
        ("fill-antialias", #"["get", "x"]"#, false), ("fill-opacity", #"["feature-state", "o"]"#, true),
        ("fill-color", #"["to-color", ["global-state", "c"]]"#, true), ("fill-opacity", "null", true),
        ("fill-pattern", #""dots""#, true), ("fill-pattern", "3", false),
    ])
    func paintValuesAreCheckedAsTheSpecificationSays(_ name: String, _ json: String, _ fits: Bool) throws {
        let value = try #require(StyleValue(json: try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)))
        let checked = Result { () throws(StyleValidationError) in try LayerValidation.checkProperty(name, value, layerType: "fill", paint: true) }
        if case .failure(let error) = checked { #expect(!fits, "\(error)") } else { #expect(fits) }
    }

    @Test func layoutPropertiesTakeNoFeatureStateAndTransitionsOnlyWhereTheyTransition() throws {
        #expect(throws: StyleValidationError.self) {
            try LayerValidation.checkProperty("text-size", .array([.string("feature-state"), .string("s")]), layerType: "symbol", paint: false)
        }
        try LayerValidation.checkProperty("fill-color-transition", .object(["duration": .number(300)]), layerType: "fill", paint: true)
        #expect(throws: StyleValidationError.self) {
            try LayerValidation.checkProperty("fill-antialias-transition", .object(["duration": .number(300)]), layerType: "fill", paint: true)
        }
        #expect(throws: StyleValidationError.self) {
            try LayerValidation.checkProperty("fill-color-transition", .object(["duration": .number(-1)]), layerType: "fill", paint: true)
        }
    }

    @Test func globalStateKnownAtCompileTimeIsWhatGlobalStateReads() throws {
        let root: [String: Any] = [
            "state": ["width": ["default": 4]],
            "layers": [["id": "l", "type": "line", "paint": ["line-width": ["global-state", "width"]],
                        "filter": ["==", ["global-state", "width"], 4]]],
        ]
        let layer = try #require(try StyleLayers.compile(root).layers.first)
        #expect(layer.number("line-width", EvaluationContext(zoom: 1), 1) == 4)
        #expect(layer.filter?.matches(EvaluationContext(zoom: 1)) == true)
        // The evaluation's own global state still wins.
        var context = EvaluationContext(zoom: 1)
        context.globalState = ["width": .number(9)]
        #expect(layer.number("line-width", context, 1) == 9)
    }
}

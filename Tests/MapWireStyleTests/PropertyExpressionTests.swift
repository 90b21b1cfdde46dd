import MapWireGeometry
import Testing
@testable import MapWireStyle

/// Expressions compiled for a property, as the style specification's `createPropertyExpression` does.
struct PropertyExpressionTests {
    static let dataDrivenNumber = PropertySpecification(type: "number")
    static let zoomOnlyNumber = PropertySpecification(type: "number", propertyType: "data-constant", parameters: ["zoom"])

    private func compile(_ text: String, _ spec: PropertySpecification = dataDrivenNumber) throws(ExpressionParsingErrors) -> StylePropertyExpression {
        try StylePropertyExpression(StyleValue(json: json(text))!, spec: spec)
    }

    private func rejection(_ text: String, _ spec: PropertySpecification = dataDrivenNumber) -> [ExpressionParsingError] {
        do {
            _ = try compile(text, spec)
            return []
        } catch {
            return error.errors
        }
    }

    @Test func typesAndConstancy() throws {
        let curve = try compile(#"["interpolate", ["linear"], ["zoom"], 0, ["get", "a"], 10, 1]"#)
        #expect(curve.type == .number && !curve.isZoomConstant && !curve.isFeatureConstant)
        let colour = try compile(#"["get", "c"]"#, PropertySpecification(type: "color"))
        #expect(colour.type == .color && colour.isZoomConstant)
        let fonts = try compile(#"["literal", []]"#, PropertySpecification(type: "array", itemType: "string"))
        #expect(fonts.type.description == "array<string>")
    }

    @Test func rejectsWhatThePropertyForbids() {
        #expect(rejection(#"["get", "a"]"#, Self.zoomOnlyNumber) == [ExpressionParsingError(key: "", message: "data expressions not supported")])
        #expect(rejection(#"["zoom"]"#) == [ExpressionParsingError(key: "", message: ZoomCurve.misplaced)])
        #expect(rejection(#"["+", 1, ["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]]"#) == [ExpressionParsingError(key: "", message: ZoomCurve.misplaced)])
        let stepsOnly = PropertySpecification(type: "number", interpolated: false)
        #expect(rejection(#"["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]"#, stepsOnly)
            == [ExpressionParsingError(key: "", message: #""interpolate" expressions cannot be used with this property"#)])
        #expect((try? compile(#"["step", ["zoom"], 0, 1, 1]"#, stepsOnly)) != nil)
    }

    @Test func runtimeFailuresNameWhereTheyHappened() throws {
        let expression = try compile(#"["+", 1, ["at", ["get", "i"], ["literal", [1, 2]]]]"#)
        var context = EvaluationContext(zoom: 0, feature: TestFeature(properties: ["i": .number(2)]))
        #expect(throws: StyleEvaluationFailure(message: "Array index out of bounds: 2 > 1.", path: "[2]")) {
            try expression.evaluateWithoutErrorHandling(context)
        }
        context.feature = TestFeature(properties: ["i": .number(1)])
        #expect(try expression.evaluateWithoutErrorHandling(context) == .number(3))
    }

    @Test func globalStateGivenAtCompilationWins() throws {
        let expression = try StylePropertyExpression(
            StyleValue(json: json(#"["number", ["global-state", "x"]]"#))!, spec: Self.dataDrivenNumber, globalState: ["x": .number(7)])
        var context = EvaluationContext(zoom: 0)
        context.globalState = ["x": .number(1)]
        #expect(try expression.evaluateWithoutErrorHandling(context) == .number(7))
        #expect(try StyleExpression(json: json(#"["global-state", "x"]"#)).evaluate(context) == .number(1))
    }

    @Test func imagesTheStyleLacksAreSkippedByCoalesce() throws {
        let expression = try StyleExpression(json: json(#"["coalesce", ["image", "a"], ["image", "b"]]"#), expecting: .resolvedImage)
        var context = EvaluationContext(zoom: 0)
        context.availableImages = ["b"]
        #expect(expression.evaluate(context) == .image(StyleImageReference(name: "b", available: true)))
        context.availableImages = []
        // None is available: the first one asked for is the answer, so the style can be told to add it.
        #expect(expression.evaluate(context) == .string("a"))
    }

    @Test func collatorsCompareByTheirSensitivity() {
        let pairs: [(String, String)] = [("a", "ä"), ("a", "A")]
        func equal(_ caseSensitive: Bool, _ diacriticSensitive: Bool) -> [Bool] {
            let collator = StyleCollator(caseSensitive: caseSensitive, diacriticSensitive: diacriticSensitive, locale: "en")
            return pairs.map { collator.compare($0.0, $0.1) == 0 }
        }
        #expect(equal(false, false) == [true, true])
        #expect(equal(false, true) == [false, true])
        #expect(equal(true, false) == [true, false])
        #expect(equal(true, true) == [false, false])
        #expect(StyleCollator(caseSensitive: true, diacriticSensitive: true, locale: "en").compare("a", "A") < 0)
        #expect(StyleCollator(caseSensitive: false, diacriticSensitive: false, locale: "xx-nowhere").resolvedLocale == "en-US")
    }
}

/// `within` and `distance` on features given in tile coordinates.
struct GeometryExpressionTests {
    /// A feature at longitude/latitude positions, in the units of `tile`.
    private func feature(_ type: String, _ positions: [[Double]], in tile: CanonicalTileID) -> TestFeature {
        var feature = TestFeature()
        feature.geometryTypeName = type
        feature.tileGeometry = [positions.map { position in
            let world = TileCoordinates.point(longitude: position[0], latitude: position[1], in: tile)
            return PlanePoint(x: world.x - Double(tile.x) * TileCoordinates.extent, y: world.y - Double(tile.y) * TileCoordinates.extent)
        }]
        return feature
    }

    private func context(_ feature: TestFeature, _ tile: CanonicalTileID) -> EvaluationContext {
        var context = EvaluationContext(zoom: Double(tile.z), feature: feature)
        context.canonicalTile = tile
        return context
    }

    @Test func withinAPolygon() throws {
        let square = try StyleExpression(json: json(#"["within", {"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}]"#))
        let tile = CanonicalTileID(z: 3, x: 4, y: 3)
        #expect(square.evaluate(context(feature("Point", [[2, 2]], in: tile), tile)) == .bool(true))
        #expect(square.evaluate(context(feature("Point", [[6, 2]], in: tile), tile)) == .bool(false))
        #expect(square.evaluate(context(feature("LineString", [[1, 1], [4, 4]], in: tile), tile)) == .bool(true))
        #expect(square.evaluate(context(feature("LineString", [[1, 1], [6, 4]], in: tile), tile)) == .bool(false))
        // Without tile geometry there is nothing to test.
        #expect(square.evaluate(EvaluationContext(zoom: 3, feature: TestFeature())) == .bool(false))
    }

    @Test func distanceInMetres() throws {
        let point = try StyleExpression(json: json(#"["distance", {"type": "Point", "coordinates": [0, 0]}]"#))
        let tile = CanonicalTileID(z: 16, x: 32768, y: 32767)
        let one = try #require(point.evaluate(context(feature("Point", [[0.001, 0]], in: tile), tile)).number)
        // A thousandth of a degree at the equator is about 111 m (to the tile grid's rounding).
        #expect(abs(one - 111.3) < 0.5, "\(one)")
        let line = try #require(point.evaluate(context(feature("LineString", [[-0.001, 0.001], [0.001, 0.001]], in: tile), tile)).number)
        #expect(abs(line - 110.6) < 0.5, "\(line)")
        #expect(point.evaluate(EvaluationContext(zoom: 3, feature: TestFeature())).number?.isNaN == true)
    }
}

/// Legacy functions rewritten as the expressions they stand for.
struct LegacyFunctionConversionTests {
    @Test(arguments: [
        (#"{"stops": [[0, 1], [10, 2]]}"#, PropertySpecification(type: "number"),
         #"["interpolate",["linear"],["zoom"],0,1,10,2]"#),
        (#"{"type": "interval", "stops": [[0, "a"]]}"#, PropertySpecification(type: "string", interpolated: false),
         #"["step",["zoom"],"a",0,0]"#),
        (#"{"property": "p", "type": "categorical", "stops": [["x", "red"]], "default": "blue"}"#, PropertySpecification(type: "color"),
         #"["match",["get","p"],"x","red","blue"]"#),
        (#"{"property": "p", "stops": [[0, [0]], [1, [1]]], "default": [5], "base": 2}"#, PropertySpecification(type: "array", itemType: "number"),
         #"["case",["==",["typeof",["get","p"]],"number"],["interpolate",["exponential",2],["number",["get","p"]],0,["literal",[0]],1,["literal",[1]]],["literal",[5]]]"#),
        (#"{"type": "identity", "property": "p"}"#, PropertySpecification(type: "string"), #"["string",["get","p"]]"#),
        (#"{"stops": [[0, "{name}"], [1, "a{b}c"]]}"#, PropertySpecification(type: "string", interpolated: false, tokens: true),
         #"["step",["zoom"],["to-string",["get","name"]],1,["concat","a",["get","b"],"c"]]"#),
    ] as [(String, PropertySpecification, String)])
    func convertsAsTheSpecificationDoes(_ function: String, _ spec: PropertySpecification, _ expected: String) throws {
        let converted = LegacyFunction.expression(converting: try #require(StyleValue(json: json(function))), spec: spec)
        #expect(converted.jsonText == expected)
    }
}

import Testing
@testable import MapWireStyle

struct FilterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let filter: String
        let matches: Bool
        init(_ filter: String, _ matches: Bool) {
            self.filter = filter
            self.matches = matches
        }
        var testDescription: String { "\(filter) → \(matches)" }
    }

    @Test(arguments: [
        Case(#"["==", "class", "park"]"#, true),
        Case(#"["==", "class", "wood"]"#, false),
        Case(#"["!=", "class", "wood"]"#, true),
        Case(#"["!=", "missing", "x"]"#, true),
        Case(#"["==", "missing", "x"]"#, false),
        Case(#"["==", "num", 5]"#, true),
        Case(#"["==", "str", 5]"#, false),
        Case(#"["==", "flag", true]"#, true),
        Case(#"["<", "num", 6]"#, true),
        Case(#"["<", "num", 5]"#, false),
        Case(#"["<=", "num", 5]"#, true),
        Case(#"[">", "num", 4]"#, true),
        Case(#"[">=", "num", 5]"#, true),
        Case(#"["<", "str", 6]"#, false),
        Case(#"["<", "name", "N"]"#, true),
        Case(#"["<", "missing", 6]"#, false),
        Case(#"["in", "class", "wood", "park"]"#, true),
        Case(#"["in", "class", "wood"]"#, false),
        Case(#"["in", "num", "5"]"#, false),
        Case(#"["in", "num", 4, 5]"#, true),
        Case(#"["in", "missing", "a"]"#, false),
        Case(#"["in", "class"]"#, false),
        Case(#"["!in", "class", "wood", "park"]"#, false),
        Case(#"["!in", "class", "wood"]"#, true),
        Case(#"["!in", "missing", "a"]"#, true),
        Case(#"["has", "$id"]"#, true),
        Case(#"["has", "$type"]"#, true),
        Case(#"["!has", "name"]"#, false),
        Case(#"["!has", "missing"]"#, true),
        Case(#"["==", "$type", "Point"]"#, true),
        Case(#"["!=", "$type", "Point"]"#, false),
        Case(#"["in", "$type", "LineString", "Polygon"]"#, false),
        Case(#"["!in", "$type", "LineString", "Polygon"]"#, true),
        Case(#"["==", "$id", 42]"#, true),
        Case(#"["==", "$id", "42"]"#, false),
        Case(#"["==", "$id", "nonesuch"]"#, false),
        Case(#"["all", ["==", "class", "park"], ["!has", "missing"]]"#, true),
        Case(#"["all", ["==", "class", "park"], ["==", "num", 4]]"#, false),
        Case(#"["any", ["==", "class", "x"], ["==", "num", 5]]"#, true),
        Case(#"["any", ["==", "class", "x"], ["==", "num", 4]]"#, false),
        Case(#"["none", ["==", "class", "park"]]"#, false),
        Case(#"["none", ["==", "class", "x"], ["in", "num", 1]]"#, true),
        Case(#"["none"]"#, true),
        Case(#"["all", true, ["==", "class", "park"]]"#, true),
        Case(#"["any", false, ["==", "class", "x"]]"#, false),
        Case(#"["all", ["any", ["==", "num", 1], ["in", "class", "park"]], ["!=", "$type", "Polygon"]]"#, true),
    ])
    func legacy(_ test: Case) throws {
        let filter = try StyleFilter(json: json(test.filter))
        #expect(filter.isLegacy)
        #expect(filter.matches(context()) == test.matches)
    }

    @Test(arguments: [
        Case(#"["==", ["get", "class"], "park"]"#, true),
        Case(#"["==", ["geometry-type"], "Point"]"#, true),
        Case(#"["in", ["get", "class"], ["literal", ["park", "wood"]]]"#, true),
        Case(#"["in", "ar", ["get", "class"]]"#, true),
        Case(#"["has", "name"]"#, true),
        Case(#"["has", "missing"]"#, false),
        Case(#"["!", ["has", "name"]]"#, false),
        Case("true", true),
        Case("false", false),
        Case(#"["get", "flag"]"#, true),
        Case(#"["all"]"#, true),
        Case(#"["any"]"#, false),
        Case(#"["all", ["==", ["get", "num"], 5], [">", ["zoom"], -1]]"#, true),
        Case(#"["any", ["==", ["id"], 1], ["==", ["id"], 42]]"#, true),
        Case(#"["match", ["get", "class"], ["park", "wood"], true, false]"#, true),
        // Non-boolean results and evaluation errors reject the feature.
        Case(#"["get", "num"]"#, false),
        Case(#"["<", ["get", "name"], 1]"#, false),
        Case(#"["all", true, ["get", "num"]]"#, false),
    ])
    func expression(_ test: Case) throws {
        let filter = try StyleFilter(json: json(test.filter))
        #expect(!filter.isLegacy)
        #expect(filter.matches(context()) == test.matches)
    }

    @Test(arguments: [
        (#"["==", "class", "park"]"#, true),
        (#"["==", ["get", "class"], "park"]"#, false),
        (#"["==", "class", ["literal", "park"]]"#, false),
        (#"["==", "a", "b", ["collator", {}]]"#, false),
        (#"["in", "class", "a", "b"]"#, true),
        (#"["in", "class"]"#, true),
        (#"["in", ["get", "x"], ["literal", [1]]]"#, false),
        (#"["in", "a", ["literal", ["a"]]]"#, false),
        (#"["in", 1, "a"]"#, false),
        (#"["!in", "class", "a"]"#, true),
        (#"["has", "x"]"#, false),
        (#"["has", "$type"]"#, true),
        (#"["has", "$id"]"#, true),
        (#"["!has", "x"]"#, true),
        (#"["none", ["has", "x"]]"#, true),
        (#"["all", ["==", "a", "b"]]"#, true),
        (#"["all", ["==", ["get", "a"], "b"]]"#, false),
        (#"["all", true, ["==", "a", "b"]]"#, true),
        (#"["any", ["has", "x"]]"#, false),
        (#"["any", ["has", "x"], ["!has", "y"]]"#, true),
        ("true", false),
    ] as [(String, Bool)])
    func tellsTheSyntaxesApart(_ filter: String, _ legacy: Bool) throws {
        #expect(try StyleFilter(json: json(filter)).isLegacy == legacy)
    }

    @Test func absentFiltersMatchEverything() throws {
        #expect(StyleFilter().matches(context()))
        #expect(try StyleFilter(json: json("null")).matches(context()))
        #expect(try StyleFilter(json: json("null")).matches(context(feature: nil)))
    }

    @Test func geometryTypeFilters() throws {
        var line = TestFeature()
        line.geometryTypeName = "LineString"
        let legacy = try StyleFilter(json: json(#"["==", "$type", "LineString"]"#))
        let expression = try StyleFilter(json: json(#"["==", ["geometry-type"], "LineString"]"#))
        #expect(legacy.matches(context(feature: line)) && expression.matches(context(feature: line)))
        #expect(!legacy.matches(context()) && !expression.matches(context()))
    }

    @Test func featuresWithoutIDs() throws {
        var anonymous = TestFeature()
        anonymous.featureID = nil
        #expect(!(try StyleFilter(json: json(#"["has", "$id"]"#)).matches(context(feature: anonymous))))
        #expect(try StyleFilter(json: json(#"["!has", "$id"]"#)).matches(context(feature: anonymous)))
        #expect(!(try StyleFilter(json: json(#"["==", "$id", 42]"#)).matches(context(feature: anonymous))))
    }

    @Test(arguments: [
        #"["==", "class"]"#, #"["==", 1, 2]"#, #"["has"]"#, #"["!has", "a", "b"]"#, #"["!in"]"#,
        #"["none", "x"]"#, #"["==", ["get", "a"], ["bogus"]]"#, "1", #""class""#,
        // Four arguments make an expression comparison, whose third must be a collator.
        #"["==", "a", "b", "c"]"#,
    ])
    func rejectsMalformed(_ filter: String) {
        #expect(throws: StyleExpressionError.self) { try StyleFilter(json: json(filter)) }
    }
}

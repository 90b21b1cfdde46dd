import Testing
@testable import MapWireStyle

struct ControlFlowExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["case", true, 1, 2]"#, n(1)),
        ExpressionCase(#"["case", false, 1, 2]"#, n(2)),
        ExpressionCase(#"["case", false, 1, true, 2, 3]"#, n(2)),
        ExpressionCase(#"["case", ["==", ["get", "class"], "park"], "green", "grey"]"#, s("green")),
        ExpressionCase(#"["match", ["get", "class"], "park", 1, "wood", 2, 0]"#, n(1)),
        ExpressionCase(#"["match", ["get", "class"], ["wood", "park"], 1, 0]"#, n(1)),
        ExpressionCase(#"["match", ["get", "num"], 5, "five", [6, 7], "six-seven", "other"]"#, s("five")),
        ExpressionCase(#"["match", 7, 5, "five", [6, 7], "six-seven", "other"]"#, s("six-seven")),
        // A string input never matches numeric labels (and vice versa): the fallback applies.
        ExpressionCase(#"["match", ["get", "str"], 5, "five", "other"]"#, s("other")),
        ExpressionCase(#"["match", ["get", "num"], "5", "five", "other"]"#, s("other")),
        ExpressionCase(#"["match", ["get", "missing"], "a", 1, 0]"#, n(0)),
        ExpressionCase(#"["match", ["get", "flag"], "true", 1, 0]"#, n(0)),
        ExpressionCase(#"["coalesce", ["get", "missing"], ["get", "name"]]"#, s("Main St")),
        ExpressionCase(#"["coalesce", ["get", "missing"]]"#, .null),
        ExpressionCase(#"["coalesce", ["get", "missing"], 2, 3]"#, n(2)),
        ExpressionCase(#"["let", "x", 2, ["*", ["var", "x"], ["var", "x"]]]"#, n(4)),
        ExpressionCase(#"["let", "x", 1, "y", 2, ["+", ["var", "x"], ["var", "y"]]]"#, n(3)),
        ExpressionCase(#"["let", "x", 1, ["let", "x", 2, ["var", "x"]]]"#, n(2)),
        ExpressionCase(#"["let", "x", ["get", "num"], ["+", ["var", "x"], 1]]"#, n(6)),
        ExpressionCase(#"["let", "z", ["zoom"], ["*", ["var", "z"], 2]]"#, n(6), zoom: 3),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    @Test func caseOnlyEvaluatesTheChosenBranch() throws {
        // The failing branch is never reached, so there is no error.
        #expect(try evaluate(#"["case", true, 1, ["+", ["number", ["get", "str"]], 1]]"#) == n(1))
        #expect(try evaluate(#"["coalesce", 1, ["+", ["number", ["get", "str"]], 1]]"#) == n(1))
    }

    /// Conditions must be booleans; `coalesce`'s arguments must all be of the type expected of it, or of
    /// the first one's type when nothing is expected.
    @Test(arguments: [#"["case", 1, 1, 2]"#, #"["coalesce", null, 2, 3]"#])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
        #expect(failsToCompile(expression, expecting: .number))
    }
}

struct RampExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["step", ["get", "num"], "low", 3, "mid", 10, "high"]"#, s("mid")),
        ExpressionCase(#"["step", 0, "low", 3, "mid"]"#, s("low")),
        ExpressionCase(#"["step", 3, "low", 3, "mid"]"#, s("mid")),
        ExpressionCase(#"["step", 100, "low", 3, "mid", 10, "high"]"#, s("high")),
        ExpressionCase(#"["step", ["zoom"], 1, 5, 2]"#, n(2), zoom: 6),
        ExpressionCase(#"["interpolate", ["linear"], 5, 0, 0, 10, 100]"#, n(50)),
        ExpressionCase(#"["interpolate", ["linear"], -5, 0, 0, 10, 100]"#, n(0)),
        ExpressionCase(#"["interpolate", ["linear"], 50, 0, 0, 10, 100]"#, n(100)),
        ExpressionCase(#"["interpolate", ["linear"], 15, 0, 0, 10, 100, 20, 0]"#, n(50)),
        ExpressionCase(#"["interpolate", ["linear"], 3, 5, 42]"#, n(42)),
        ExpressionCase(#"["interpolate", ["linear"], ["zoom"], 0, 0, 10, 100]"#, n(25), zoom: 2.5),
        ExpressionCase(#"["interpolate", ["exponential", 2], 1, 0, 0, 2, 30]"#, n(10)),
        ExpressionCase(#"["interpolate", ["exponential", 1], 1, 0, 0, 2, 30]"#, n(15)),
        ExpressionCase(#"["interpolate", ["cubic-bezier", 0, 0, 1, 1], 5, 0, 0, 10, 100]"#, n(50)),
        ExpressionCase(#"["interpolate", ["linear"], 5, 0, ["literal", [0, 10]], 10, ["literal", [10, 30]]]"#, numbers(5, 20)),
        ExpressionCase(#"["interpolate", ["linear"], 5, 0, "black", 10, "white"]"#, rgba(127.5, 127.5, 127.5), expecting: .color),
        ExpressionCase(#"["interpolate", ["linear"], 5, 0, ["rgb", 0, 0, 0], 10, ["rgb", 255, 0, 0]]"#, rgba(127.5, 0, 0)),
        // Colours blend channel by channel, not premultiplied (maplibre-style-spec's Color.interpolate):
        // fading red out towards transparent blue passes through purple.
        ExpressionCase(#"["interpolate", ["linear"], 5, 0, "red", 10, "rgba(0, 0, 255, 0)"]"#, rgba(127.5, 0, 127.5, 0.5), expecting: .color),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    /// A step needs at least one stop; inputs must be numbers; outputs one interpolatable type; colour
    /// strings are colours only where a colour is expected.
    @Test(arguments: [
        #"["step", 5, "only"]"#, #"["step", "x", 1, 2, 3]"#, #"["interpolate", ["linear"], "x", 0, 0, 10, 100]"#,
        #"["interpolate", ["linear"], 5, 0, 0, 10, "a"]"#, #"["interpolate", ["linear"], 5, 0, ["literal", [1]], 10, ["literal", [1, 2]]]"#,
        #"["interpolate", ["linear"], 5, 0, "black", 10, "white"]"#,
    ])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }

    @Test func cubicBezierEases() throws {
        let easeIn = try evaluate(#"["interpolate", ["cubic-bezier", 0.42, 0, 1, 1], 5, 0, 0, 10, 100]"#).number!
        let easeOut = try evaluate(#"["interpolate", ["cubic-bezier", 0, 0, 0.58, 1], 5, 0, 0, 10, 100]"#).number!
        #expect(easeIn < 50 && easeIn > 0)
        #expect(easeOut > 50 && easeOut < 100)
        #expect(abs(easeIn + easeOut - 100) < 1e-6)  // the two curves mirror each other
    }

    @Test func labInterpolationOfGreys() throws {
        let mid = try #require(try evaluate(#"["interpolate-lab", ["linear"], 5, 0, "black", 10, "white"]"#).color)
        // L* 50 is about 46.6% in sRGB, darker than the RGB midpoint.
        #expect(abs(mid.r - mid.g) < 1e-5 && abs(mid.g - mid.b) < 1e-5, "\(mid)")
        #expect(abs(mid.r - 0.4663) < 0.002)
    }

    @Test func hclInterpolationTurnsThroughHue() throws {
        let mid = try #require(try evaluate(#"["interpolate-hcl", ["linear"], 5, 0, "red", 10, "blue"]"#).color)
        let rgbMid = try #require(try evaluate(#"["interpolate", ["linear"], 5, 0, "red", 10, "blue"]"#, expecting: .color).color)
        #expect(mid.a == 1)
        #expect(mid != rgbMid)
        // Red and blue are 63° apart going through magenta, so the midpoint is a pink-magenta.
        #expect(mid.r > mid.g && mid.b > mid.g)
        let endpoints = try evaluate(#"["interpolate-hcl", ["linear"], 10, 0, "red", 10, "blue"]"#)
        #expect(nearlyEqual(endpoints, rgba(0, 0, 255), tolerance: 1e-6))
    }

    @Test func hclFromGreyKeepsTheOtherHue() throws {
        let mid = try #require(try evaluate(#"["interpolate-hcl", ["linear"], 2, 0, "white", 10, "red"]"#).color)
        // White has no hue, so the blend keeps red's hue and only chroma and luminance change.
        let white = HCLColor(.white), red = HCLColor(StyleColor(r: 1, g: 0, b: 0))
        #expect(white.h.isNaN)
        let expected = HCLColor(h: red.h, c: red.c * 0.2, l: white.l + (red.l - white.l) * 0.2, alpha: 1).color
        #expect(nearlyEqual(.color(mid), .color(expected), tolerance: 1e-9))
    }
}

struct ColorExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["rgb", 255, 0, 0]"#, rgba(255, 0, 0)),
        ExpressionCase(#"["rgba", 0, 0, 255, 0.5]"#, rgba(0, 0, 255, 0.5)),
        ExpressionCase(#"["rgb", ["get", "num"], 0, 300]"#, .null),
        ExpressionCase(##"["to-rgba", ["to-color", "#ff000080"]]"##, numbers(255, 0, 0, 128.0 / 255)),
        ExpressionCase(#"["to-rgba", ["rgba", 10, 20, 30, 0.5]]"#, numbers(10, 20, 30, 0.5)),
        // A colour string where a colour is expected is that colour.
        ExpressionCase(#"["to-rgba", "red"]"#, numbers(255, 0, 0, 1)),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    @Test(arguments: [#"["rgb", 300, 0, 0]"#, #"["rgb", -1, 0, 0]"#, #"["rgba", 0, 0, 0, 2]"#, #"["rgb", "1", 0, 0]"#])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }
}

struct TextExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["concat", "a", 1, true]"#, s("a1true")),
        ExpressionCase(#"["concat", ["get", "name"], " (", ["get", "num"], ")"]"#, s("Main St (5)")),
        ExpressionCase(#"["concat", "a", ["get", "missing"]]"#, s("a")),
        ExpressionCase(#"["upcase", "abc"]"#, s("ABC")),
        ExpressionCase(#"["downcase", "ÀB"]"#, s("àb")),
        ExpressionCase(#"["number-format", 1234.5678, {}]"#, s("1,234.568")),
        ExpressionCase(#"["number-format", 3.14159, {"max-fraction-digits": 2}]"#, s("3.14")),
        ExpressionCase(#"["number-format", 3, {"min-fraction-digits": 2}]"#, s("3.00")),
        ExpressionCase(#"["number-format", 12.5, {"currency": "USD"}]"#, s("$12.50")),
        ExpressionCase(#"["number-format", 1234.5, {"locale": "de-DE"}]"#, s("1.234,5")),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    @Test(arguments: [#"["upcase", 1]"#, #"["number-format", "x", {}]"#])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }

    @Test func formatBuildsSections() throws {
        let value = try evaluate(
            #"["format", "Hello ", {"font-scale": 1.5}, ["get", "name"], {"text-font": ["literal", ["Bold"]], "text-color": "red"}, ["get", "num"]]"#)
        #expect(
            value
                == .formatted([
                    FormattedSection(text: "Hello ", scale: 1.5),
                    FormattedSection(text: "Main St", fontStack: ["Bold"], color: StyleColor(r: 1, g: 0, b: 0)),
                    FormattedSection(text: "5"),
                ]))
        #expect(value.displayString == "Hello Main St5")
    }

    /// A font stack in `format` is an expression like any other: a bare array of names is not one.
    @Test func formatRejectsABareFontStack() throws {
        #expect(throws: ExpressionParsingErrors([ExpressionParsingError(
            key: "[1][0]", message: #"Unknown expression "Open Sans Bold". If you wanted a literal array, use ["literal", [...]]."#)])) {
            try StyleExpression(json: json(#"["format", "x", {"text-font": ["Open Sans Bold", "Arial Unicode MS Bold"]}]"#))
        }
        let value = try evaluate(#"["format", "x", {"text-font": ["literal", ["Open Sans Bold", "Arial Unicode MS Bold"]]}]"#)
        #expect(value == .formatted([FormattedSection(text: "x", fontStack: ["Open Sans Bold", "Arial Unicode MS Bold"])]))
    }
}

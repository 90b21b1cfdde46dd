import Testing
@testable import MapWireStyle

/// Numbers from features reach indexes and counts: NaN, infinities and 1e300 must give a value or
/// an evaluation error, never a trap.
struct ExtremeNumberTests {
    func feature(_ n: Double) -> TestFeature {
        var f = TestFeature()
        f.properties["n"] = .number(n)
        return f
    }

    /// A start or end past either end is clamped to it, and NaN counts as 0, as JavaScript's `slice`
    /// and `indexOf` take them (what MapLibre GL JS evaluates these with).
    @Test(arguments: [(1e300, true), (-1e300, false), (Double.infinity, true), (-Double.infinity, false), (Double.nan, false)])
    func sliceAndIndexOfTakeAnyStart(_ start: Double, pastTheEnd: Bool) throws {
        #expect(try evaluate(#"["slice", "Main St", ["get", "n"]]"#, feature: feature(start)) == s(pastTheEnd ? "" : "Main St"))
        #expect(try evaluate(#"["slice", ["literal", [1, 2, 3]], 0, ["get", "n"]]"#, feature: feature(start))
                == .array(pastTheEnd ? [n(1), n(2), n(3)] : []))
        #expect(try evaluate(#"["index-of", "a", "abc", ["get", "n"]]"#, feature: feature(start)) == n(pastTheEnd ? -1 : 0))
        #expect(try evaluate(#"["index-of", 1, ["literal", [1, 2]], ["get", "n"]]"#, feature: feature(start)) == n(pastTheEnd ? -1 : 0))
    }

    @Test func indexOfFromPastTheLastPlaceFindsNothing() throws {
        // The needle cannot begin at 3 in "abc": an empty search, not a reversed range.
        #expect(try evaluate(#"["index-of", "ab", "abc", 3]"#) == .number(-1))
        #expect(try evaluate(#"["index-of", "bc", "abc", 2]"#) == .number(-1))
        #expect(try evaluate(#"["index-of", "bc", "abc", 1]"#) == .number(1))
        #expect(try evaluate(#"["slice", "abc", -1e300]"#) == .string("abc"))
    }

    @Test(arguments: [1e300, -1e300, Double.infinity, Double.nan])
    func numberFormatTakesAnyDigitCount(_ n: Double) throws {
        let text = try evaluate(#"["number-format", 3.14159, {"min-fraction-digits": ["get", "n"], "max-fraction-digits": ["get", "n"]}]"#,
                                feature: feature(n))
        #expect(text.displayString.hasPrefix("3"))
    }

    @Test func anArrayLengthOfTenToThe300IsJustAWrongLength() throws {
        // A length the array does not have: the assertion fails (null), it does not trap.
        #expect((try? evaluate(#"["array", "number", 1e300, ["literal", [1]]]"#)) ?? .null == .null)
    }
}

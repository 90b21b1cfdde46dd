import Testing
@testable import MapWireStyle

/// Numbers from features reach indexes and counts: NaN, infinities and 1e300 must give a value or
/// an evaluation error, never a trap (issue 14, finding 3).
struct ExtremeNumberTests {
    func feature(_ n: Double) -> TestFeature {
        var f = TestFeature()
        f.properties["n"] = .number(n)
        return f
    }

    @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan])
    func sliceAndIndexOfTakeAnyStart(_ n: Double) throws {
        _ = try evaluate(#"["slice", "Main St", ["get", "n"]]"#, feature: feature(n))
        _ = try evaluate(#"["slice", ["literal", [1, 2, 3]], 0, ["get", "n"]]"#, feature: feature(n))
        _ = try evaluate(#"["index-of", "a", "abc", ["get", "n"]]"#, feature: feature(n))
        _ = try evaluate(#"["index-of", 1, ["literal", [1, 2]], ["get", "n"]]"#, feature: feature(n))
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

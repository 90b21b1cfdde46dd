import Foundation
import MapWireJSON
import Testing

@Suite struct FoundationJSONTests {
    /// Each element of a JSON array, as JSONSerialization hands it back.
    private func parsed(_ text: String) throws -> [Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
    }

    @Test func booleansAreBooleansAndNothingElseIs() throws {
        let values = try parsed("[true, false, 0, 1, 1.0, 0.0, -1, 2]")
        #expect(values.map(FoundationJSON.isBoolean) == [true, true, false, false, false, false, false, false])
        #expect(FoundationJSON.bool(values[0]) == true)
        #expect(FoundationJSON.bool(values[1]) == false)
        #expect(FoundationJSON.bool(values[2]) == nil)
        #expect(FoundationJSON.bool(values[3]) == nil)
    }

    @Test func numbersAreNumbersAndBooleansAreNot() throws {
        let values = try parsed("[0, 1, 1.0, true, false, 2.5, -7]")
        #expect(FoundationJSON.number(values[0]) == .integer(0))
        #expect(FoundationJSON.number(values[1]) == .integer(1))
        #expect(FoundationJSON.double(values[2]) == 1.0)
        #expect(FoundationJSON.number(values[3]) == nil)
        #expect(FoundationJSON.number(values[4]) == nil)
        #expect(FoundationJSON.double(values[5]) == 2.5)
        #expect(FoundationJSON.int(values[6]) == -7)
        #expect(FoundationJSON.int(values[5]) == nil)
        #expect(FoundationJSON.int(values[2]) == 1)
    }

    @Test func largeIntegersKeepTheirValue() throws {
        let values = try parsed("[9223372036854775807, -9223372036854775807, 18446744073709551615, 123456789012345678901234567890]")
        #expect(FoundationJSON.number(values[0]) == .integer(.max))
        // Foundation on Linux reads large negative integers as doubles: the value survives, to a double's precision.
        #expect(FoundationJSON.double(values[1]) == Double(-Int64.max))
        #expect(FoundationJSON.number(values[2]) == .unsigned(.max))
        #expect(FoundationJSON.double(values[3]).map { abs($0 - 1.2345678901234568e29) < 1e15 } == true)
    }

    @Test func swiftValuesOfTheSameShapesReadTheSame() {
        #expect(FoundationJSON.isBoolean(true))
        #expect(!FoundationJSON.isBoolean(1))
        #expect(!FoundationJSON.isBoolean(Int8(1)))
        #expect(FoundationJSON.number(1) == .integer(1))
        #expect(FoundationJSON.number(1.0) == .real(1))
        #expect(FoundationJSON.number(true) == nil)
        #expect(FoundationJSON.number("1") == nil)
        #expect(FoundationJSON.bool("true") == nil)
    }

    @Test func nonFiniteDoublesAreNotCoordinates() {
        #expect(FoundationJSON.double(Double.infinity) == nil)
        #expect(FoundationJSON.double(Double.nan) == nil)
    }
}

@Suite struct JSONValueTests {
    @Test func parsingKeepsBooleansAndNumbersApart() throws {
        let value = try JSONValue(parsing: Data(#"{"b": true, "f": false, "z": 0, "o": 1, "r": 1.0, "big": 18446744073709551615}"#.utf8))
        #expect(value["b"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["z"] == .int(0))
        #expect(value["o"] == .int(1))
        #expect(value["r"] == .number(1.0))
        #expect(value["big"] == .number(18446744073709551615.0))
    }

    @Test func objectsComeBackWithSortedKeys() throws {
        let value = try JSONValue(parsing: Data(#"{"b": [1, "x", null], "a": {"c": 2.5}}"#.utf8))
        #expect(value.serialized == #"{"a":{"c":2.5},"b":[1,"x",null]}"#)
    }

    @Test func scalarsParseAlone() throws {
        #expect(try JSONValue(parsing: Data("true".utf8)) == .bool(true))
        #expect(try JSONValue(parsing: Data("1".utf8)) == .int(1))
    }

    @Test func serializedNumbersAndStrings() {
        #expect(JSONValue.number(3).serialized == "3")
        #expect(JSONValue.number(2.5).serialized == "2.5")
        #expect(JSONValue.int(Int64.max).serialized == "9223372036854775807")
        #expect(JSONValue.number(.infinity).serialized == "null")
        #expect(JSONValue.string("a\"b\u{1}").serialized == #""a\"b\u0001""#)
    }
}

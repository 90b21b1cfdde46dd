import Foundation
import MapWireJSON
import Testing

/// Finding where a JSON value ends without building it: the grammar checked on the way, offsets exact.
@Suite struct JSONSkipScannerTests {
    /// What `body` makes of a scanner over `bytes`, or the error.
    func scan<T>(_ bytes: [UInt8], _ body: (JSONSkipScanner) throws(JSONScanError) -> T) -> Result<T, JSONScanError> {
        bytes.withUnsafeBytes { raw in Result { () throws(JSONScanError) in try body(JSONSkipScanner(raw)) } }
    }

    /// Where the value at `start` ends, or the error.
    func end(_ text: String, from start: Int = 0) -> Result<Int, JSONScanError> {
        scan(Array(text.utf8)) { (scanner) throws(JSONScanError) in try scanner.valueEnd(from: start) }
    }

    @Test(arguments: [
        "0", "-0", "12", "-3.25", "1e5", "1E+5", "2.5e-10", "true", "false", "null", #""""#, "{}", "[]",
        #""plain text""#, #""quote \" and backslash \\ and slash \/""#, #""\b\f\n\r\t""#, #""\u00e9\uD83D\uDE00""#,
        "\"caf\u{E9} \u{1F600}\"", "[1, [2, [3, [4, []]]], {\"a\": [{}]}]",
        #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [12.5, -45.25]}, "properties": {"n": null}}"#,
        " \n\t [ 1 , 2 ] ",
    ])
    func wellFormedValuesEndWhereTheyEnd(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = text.utf8.count - text.utf8.reversed().prefix { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }.count
        #expect(end(text) == .success(expected), "\(trimmed)")
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil, "Foundation agrees it is JSON")
    }

    @Test func aValueEndsBeforeWhatFollowsIt() {
        #expect(end(#"[1, "]", {"}": 2}], 7"#) == .success(18))
        #expect(end(#"{"a": "b\"}"}x"#) == .success(13))
        #expect(end("123,") == .success(3))
        #expect(end("[1] [2]", from: 3) == .success(7))
    }

    @Test(arguments: [
        "", "[", "[1,", "[1, 2", "{", #"{"a""#, #"{"a":"#, #"{"a": 1"#, #"{"a": 1,"#, #""abc"#, #""abc\"#, #""\u12"#,
        "tru", "nul", "-", "1.", "1e", "1e+",
    ])
    func truncatedInputIsAnError(_ text: String) {
        guard case .failure(let error) = end(text) else { Issue.record("\(text) was accepted"); return }
        #expect(error.offset <= text.utf8.count)
    }

    @Test(arguments: [
        "[1 2]", "[1,]", "{,}", #"{"a" 1}"#, #"{"a": 1,}"#, "{a: 1}", #"{"a": 1]"#, "[1}", "[01]", "+1", ".5", "1.e5",
        "NaN", "Infinity", "[truth]", "'a'", #""\x""#, #""\u00G0""#, "\"tab\tinside\"", "\"line\nbreak\"", "]",
    ])
    func malformedInputIsAnError(_ text: String) {
        guard case .failure = end(text) else { Issue.record("\(text) was accepted"); return }
    }

    @Test func malformedUTF8InAStringIsAnError() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]] {
            guard case .failure = scan(bytes, { (scanner) throws(JSONScanError) in try scanner.valueEnd(from: 0) }) else { Issue.record("\(bytes) was accepted"); continue }
        }
    }

    @Test func theErrorSaysWhereTheInputWentWrong() {
        #expect(end("[1, 2 3]") == .failure(JSONScanError("\",\" or \"]\" was expected", at: 6)))
        #expect(end(#"{"a": [1, 2"#) == .failure(JSONScanError("the input ends inside an array", at: 11)))
        #expect(String(describing: JSONScanError("a value was expected", at: 4)) == "a value was expected at byte 4")
    }

    @Test func deepNestingNeedsNoStack() {
        let depth = 200_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(end(text) == .success(2 * depth))
        if case .success = end(String(repeating: "[", count: depth)) { Issue.record("unclosed arrays were accepted") }
    }

    @Test func membersComeInOrderWithTheirKeysDecodedAndValuesSkipped() throws {
        let text = #"{ "a" : [1, {"b": 2}], "c\u0041\n": "x", "": {}, "d": -1e3 } tail"#
        var seen: [(String, String)] = []
        let end = try scan(Array(text.utf8)) { (scanner) throws(JSONScanError) -> Int in
            try scanner.forEachMember(ofObjectAt: 0) { (key, keyStart, valueStart) throws(JSONScanError) -> Int? in
                let valueEnd = try scanner.valueEnd(from: valueStart)
                let value = String(decoding: UnsafeRawBufferPointer(rebasing: scanner.bytes[valueStart..<valueEnd]), as: UTF8.self)
                #expect(scanner.bytes[keyStart] == UInt8(ascii: "\""))
                seen.append((key, value))
                // Every other member is left for the scanner to skip.
                return seen.count % 2 == 0 ? valueEnd : nil
            }
        }.get()
        #expect(seen.map(\.0) == ["a", "cA\n", "", "d"])
        #expect(seen.map(\.1) == [#"[1, {"b": 2}]"#, #""x""#, "{}", "-1e3"])
        #expect(end == text.utf8.count - " tail".utf8.count)
    }

    @Test func aStringIsDecoded() throws {
        let text = #"  "geo\u006Aso\"n" "#
        let string = try scan(Array(text.utf8)) { (scanner) throws(JSONScanError) in try scanner.string(at: 2) }.get()
        #expect(string.value == "geojso\"n")
        #expect(string.end == text.utf8.count - 1)
    }

    @Test(arguments: ["[]", #"{"a" 1}"#, #"{"a": 1"#, #"{"a": 1 "b": 2}"#, #"{1: 2}"#])
    func membersOfWhatIsNotAnObjectAreAnError(_ text: String) {
        let result = scan(Array(text.utf8)) { (scanner) throws(JSONScanError) in
            try scanner.forEachMember(ofObjectAt: 0) { (_, _, _) throws(JSONScanError) -> Int? in nil }
        }
        guard case .failure = result else { Issue.record("\(text) was accepted"); return }
    }

    @Test func elementsComeInOrder() throws {
        let text = #"[ 1, "a,]", [2, [3]], {"b": null} ]"#
        var elements: [String] = []
        let end = try scan(Array(text.utf8)) { (scanner) throws(JSONScanError) -> Int in
            try scanner.forEachElement(ofArrayAt: 0) { (start) throws(JSONScanError) -> Int? in
                let end = try scanner.valueEnd(from: start)
                elements.append(String(decoding: UnsafeRawBufferPointer(rebasing: scanner.bytes[start..<end]), as: UTF8.self))
                return end
            }
        }.get()
        #expect(elements == ["1", #""a,]""#, "[2, [3]]", #"{"b": null}"#])
        #expect(end == text.utf8.count)
        #expect(throws: JSONScanError.self) { try scan(Array("[1, 2".utf8)) { (scanner) throws(JSONScanError) in try scanner.forEachElement(ofArrayAt: 0) { _ in nil } }.get() }
    }

    /// Taking the member "x" out of each object leaves the others, commas right.
    @Test(arguments: [
        (#"{"x": [1], "y": 2}"#, #"{ "y": 2}"#), (#"{"y": 2, "x": [1]}"#, #"{"y": 2}"#),
        (#"{"y": 2, "x": {"z": 3} , "w": 4}"#, #"{"y": 2,  "w": 4}"#), (#"{ "x": 1 }"#, "{  }"),
    ])
    func aMemberIsTakenOutWithOneComma(_ text: String, _ expected: String) throws {
        let result = try scan(Array(text.utf8)) { (scanner) throws(JSONScanError) -> Data in
            var cut: Range<Int>?
            _ = try scanner.forEachMember(ofObjectAt: 0) { (key, keyStart, valueStart) throws(JSONScanError) -> Int? in
                guard key == "x" else { return nil }
                let end = try scanner.valueEnd(from: valueStart)
                cut = scanner.memberRemoval(keyStart: keyStart, valueEnd: end)
                return end
            }
            return scanner.text(without: cut.map { [$0] } ?? [])
        }.get()
        #expect(String(decoding: result, as: UTF8.self) == expected)
    }
}

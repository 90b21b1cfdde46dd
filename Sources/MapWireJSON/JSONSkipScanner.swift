import Foundation

/// Finds where JSON values begin and end in UTF-8 text without building them, checking the grammar
/// (RFC 8259) as it goes: a 50 MB GeoJSON `data` inside a style is stepped over in one pass instead of
/// becoming millions of boxed numbers. Only the members a caller asks about are decoded (their keys).
///
/// Offsets are into `bytes`; `end` offsets are one past the value's last byte.
public struct JSONSkipScanner {
    public let bytes: UnsafeRawBufferPointer

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The first offset at or after `offset` that is not JSON whitespace.
    public func skipWhitespace(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the value that starts at `start` (whitespace before it is skipped); throws when it is
    /// malformed or cut short. Nesting is followed with a stack of its own, so deep input cannot
    /// overflow the thread's stack.
    public func valueEnd(from start: Int) throws(JSONScanError) -> Int {
        var open: [UInt8] = []
        var index = skipWhitespace(from: start)
        while true {
            // A value starts here.
            guard index < bytes.count else { throw JSONScanError("a value was expected", at: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index = skipWhitespace(from: index + 1)
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; break }
                open.append(UInt8(ascii: "{"))
                index = try memberValueStart(from: index)
                continue
            case UInt8(ascii: "["):
                index = skipWhitespace(from: index + 1)
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; break }
                open.append(UInt8(ascii: "["))
                continue
            case UInt8(ascii: "\""): index = try stringEnd(from: index).end
            case UInt8(ascii: "t"): index = try literalEnd("true", from: index)
            case UInt8(ascii: "f"): index = try literalEnd("false", from: index)
            case UInt8(ascii: "n"): index = try literalEnd("null", from: index)
            default: index = try numberEnd(from: index)
            }
            // A value ended: close what it completes, or go on to the next element or member.
            while true {
                guard let container = open.last else { return index }
                index = skipWhitespace(from: index)
                guard index < bytes.count else { throw JSONScanError("the input ends inside \(container == UInt8(ascii: "{") ? "an object" : "an array")", at: index) }
                let close = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[index] == close {
                    open.removeLast()
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: ",") else {
                    throw JSONScanError("\",\" or \"\(Character(Unicode.Scalar(close)))\" was expected", at: index)
                }
                index = skipWhitespace(from: index + 1)
                if container == UInt8(ascii: "{") { index = try memberValueStart(from: index) }
                break
            }
        }
    }

    /// Walks the members of the object at `start`, in order. `body` gets each member's decoded key, where
    /// its key starts and where its value starts; it returns the value's end when it read the value itself,
    /// or nil to have it skipped. Returns the object's end.
    public func forEachMember(
        ofObjectAt start: Int, _ body: (_ key: String, _ keyStart: Int, _ valueStart: Int) throws(JSONScanError) -> Int?
    ) throws(JSONScanError) -> Int {
        try items(between: UInt8(ascii: "{"), and: UInt8(ascii: "}"), named: "an object", at: start) { (keyStart) throws(JSONScanError) -> Int in
            guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\"") else { throw JSONScanError("a member name was expected", at: keyStart) }
            let key = try stringEnd(from: keyStart)
            let valueStart = try memberValueStart(from: keyStart)
            if let end = try body(decodedString(keyStart..<key.end, escaped: key.escaped), keyStart, valueStart) { return end }
            return try valueEnd(from: valueStart)
        }
    }

    /// Walks the elements of the array at `start`, in order. `body` gets where each element starts and returns
    /// its end when it read the element itself, or nil to have it skipped. Returns the array's end.
    public func forEachElement(ofArrayAt start: Int, _ body: (_ valueStart: Int) throws(JSONScanError) -> Int?) throws(JSONScanError) -> Int {
        try items(between: UInt8(ascii: "["), and: UInt8(ascii: "]"), named: "an array", at: start) { (valueStart) throws(JSONScanError) -> Int in
            if let end = try body(valueStart) { return end }
            return try valueEnd(from: valueStart)
        }
    }

    /// The object or array at `start`, its items separated by commas: `item` reads one from where it starts
    /// and returns its end. Returns the container's end.
    private func items(between open: UInt8, and close: UInt8, named name: String, at start: Int,
                       _ item: (Int) throws(JSONScanError) -> Int) throws(JSONScanError) -> Int {
        var index = skipWhitespace(from: start)
        guard index < bytes.count, bytes[index] == open else { throw JSONScanError("\(name) was expected", at: index) }
        index = skipWhitespace(from: index + 1)
        if index < bytes.count, bytes[index] == close { return index + 1 }
        while true {
            index = skipWhitespace(from: try item(index))
            guard index < bytes.count else { throw JSONScanError("the input ends inside \(name)", at: index) }
            if bytes[index] == close { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else {
                throw JSONScanError("\",\" or \"\(Character(Unicode.Scalar(close)))\" was expected", at: index)
            }
            index = skipWhitespace(from: index + 1)
        }
    }

    /// The text that takes a member out of its object, the member's key at `keyStart` and its value ending at
    /// `valueEnd`: the member and the comma after it, or else the comma before it.
    public func memberRemoval(keyStart: Int, valueEnd: Int) -> Range<Int> {
        let after = skipWhitespace(from: valueEnd)
        if after < bytes.count, bytes[after] == UInt8(ascii: ",") { return keyStart..<(after + 1) }
        var before = keyStart - 1
        while before > 0, Self.isWhitespace(bytes[before]) { before -= 1 }
        return before >= 0 && bytes[before] == UInt8(ascii: ",") ? before..<valueEnd : keyStart..<valueEnd
    }

    /// The text with `ranges` (apart from one another) left out.
    public func text(without ranges: [Range<Int>]) -> Data {
        var text = Data()
        var kept = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[kept..<range.lowerBound]))
            kept = range.upperBound
        }
        text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[kept...]))
        return text
    }

    /// The string whose opening quote is at `start`, decoded.
    public func string(at start: Int) throws(JSONScanError) -> (value: String, end: Int) {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { throw JSONScanError("a string was expected", at: start) }
        let scanned = try stringEnd(from: start)
        return (try decodedString(start..<scanned.end, escaped: scanned.escaped), scanned.end)
    }

    // MARK: Pieces

    /// After a member's name at `keyStart`: its colon, and where its value starts.
    private func memberValueStart(from keyStart: Int) throws(JSONScanError) -> Int {
        guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\"") else { throw JSONScanError("a member name was expected", at: keyStart) }
        let colon = skipWhitespace(from: try stringEnd(from: keyStart).end)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { throw JSONScanError("\":\" was expected", at: colon) }
        return skipWhitespace(from: colon + 1)
    }

    /// The end of the string whose opening quote is at `start`, and whether it holds escapes. Control
    /// characters, bad escapes and malformed UTF-8 are errors, as JSON parsers make them.
    private func stringEnd(from start: Int) throws(JSONScanError) -> (end: Int, escaped: Bool) {
        var index = start + 1
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): return (index + 1, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                guard index + 1 < bytes.count else { throw JSONScanError("the input ends inside a string", at: bytes.count) }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 6 <= bytes.count, (index + 2..<index + 6).allSatisfy({ Self.isHexDigit(bytes[$0]) }) else {
                        throw JSONScanError("\"\\u\" needs four hexadecimal digits", at: index)
                    }
                    index += 6
                default: throw JSONScanError("invalid escape in a string", at: index)
                }
            case 0..<0x20: throw JSONScanError("a control character in a string", at: index)
            case 0..<0x80: index += 1
            default: index = try utf8SequenceEnd(from: index)
            }
        }
        throw JSONScanError("the input ends inside a string", at: index)
    }

    /// The end of the multi-byte UTF-8 sequence starting at `start` (no overlong forms, no surrogates).
    private func utf8SequenceEnd(from start: Int) throws(JSONScanError) -> Int {
        let lead = bytes[start]
        let length: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw JSONScanError("malformed UTF-8", at: start)
        }
        guard start + length <= bytes.count, second.contains(bytes[start + 1]),
              (start + 2..<start + length).allSatisfy({ (0x80...0xBF).contains(bytes[$0]) }) else {
            throw JSONScanError("malformed UTF-8", at: start)
        }
        return start + length
    }

    /// The end of the number at `start`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private func numberEnd(from start: Int) throws(JSONScanError) -> Int {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw JSONScanError("a value was expected", at: start) }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { index = digitsEnd(from: index) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            guard index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) else { throw JSONScanError("a digit was expected after \".\"", at: index + 1) }
            index = digitsEnd(from: index + 1)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw JSONScanError("a digit was expected in an exponent", at: index) }
            index = digitsEnd(from: index)
        }
        return index
    }

    private func digitsEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index
    }

    private func literalEnd(_ literal: StaticString, from start: Int) throws(JSONScanError) -> Int {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[start + $0] == literal.utf8Start[$0] }) else {
            throw JSONScanError("a value was expected", at: start)
        }
        return start + count
    }

    /// The text of the string in `range` (quotes included); escapes are read by Foundation's parser, which
    /// is cheap for the short member names this decodes.
    private func decodedString(_ range: Range<Int>, escaped: Bool) throws(JSONScanError) -> String {
        guard escaped else { return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound + 1..<range.upperBound - 1]), as: UTF8.self) }
        let text = Data(bytes[range])
        guard let value = (try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed])) as? String else {
            throw JSONScanError("a string that cannot be read", at: range.lowerBound)
        }
        return value
    }

    /// Space, tab, line feed or carriage return: what JSON allows between tokens.
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

/// Malformed or truncated JSON: what was wrong and at which byte.
public struct JSONScanError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int

    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at byte \(offset)" }
}

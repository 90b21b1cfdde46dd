import Foundation
import MapWireJSON

/// GeoJSON text written as get-style writes the style (`StyleModel.serialize`: sorted keys, compact) without
/// parsing the whole of it at once: a FeatureCollection's features are parsed and written one at a time and
/// joined, so a source of tens of megabytes costs about its size, not the many times a parse of it takes.
enum SortedGeoJSONText {
    /// `text` as `StyleModel.serialize` writes its parse; nil when it is not a JSON object or array.
    static func written(_ text: Data) -> Data? {
        text.withUnsafeBytes { raw -> Data? in
            let scanner = JSONSkipScanner(raw)
            guard let features = try? Self.features(in: scanner) else { return whole(text) }
            guard var rest = parse(scanner.text(without: [features.member]), fragment: false) as? [String: Any] else { return nil }
            var array = Data("[".utf8)
            array.reserveCapacity(raw.count)
            for (index, element) in features.elements.enumerated() {
                guard let feature = parse(Data(UnsafeRawBufferPointer(rebasing: raw[element])), fragment: true) else { return nil }
                if index > 0 { array.append(UInt8(ascii: ",")) }
                array.append(StyleModel.serialize(feature))
            }
            array.append(UInt8(ascii: "]"))
            let placeholder = StyleModel.placeholder()
            rest["features"] = placeholder
            return StyleModel.serialize(rest, replacing: [placeholder: array])
        }
    }

    private static func whole(_ text: Data) -> Data? { parse(text, fragment: false).map(StyleModel.serialize) }

    /// An element of an array may be any value; the whole text is an object or an array.
    private static func parse(_ text: Data, fragment: Bool) -> Any? {
        try? JSONSerialization.jsonObject(with: text, options: fragment ? [.fragmentsAllowed] : [])
    }

    /// The one `features` array of a root object: the text that takes it out, and where each element is.
    /// Nil when the text is not an object with exactly one such member (it is then written whole).
    private static func features(in scanner: JSONSkipScanner) throws(JSONScanError) -> (member: Range<Int>, elements: [Range<Int>])? {
        let bytes = scanner.bytes
        let start = scanner.skipWhitespace(from: 0)
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var members = 0
        var found: (member: Range<Int>, elements: [Range<Int>])?
        let end = try scanner.forEachMember(ofObjectAt: start) { (key, keyStart, valueStart) throws(JSONScanError) -> Int? in
            guard key == "features" else { return nil }
            members += 1
            guard valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "[") else { return nil }
            var elements: [Range<Int>] = []
            let arrayEnd = try scanner.forEachElement(ofArrayAt: valueStart) { (elementStart) throws(JSONScanError) -> Int? in
                let elementEnd = try scanner.valueEnd(from: elementStart)
                elements.append(elementStart..<elementEnd)
                return elementEnd
            }
            found = (scanner.memberRemoval(keyStart: keyStart, valueEnd: arrayEnd), elements)
            return arrayEnd
        }
        guard members == 1, scanner.skipWhitespace(from: end) == bytes.count else { return nil }
        return found
    }
}

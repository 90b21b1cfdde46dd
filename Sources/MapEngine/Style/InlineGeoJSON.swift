import Foundation
import MapWireJSON

/// A style's inline GeoJSON cut out of its JSON text: each GeoJSON source's `data` object kept as the bytes
/// it was written as, and the rest of the style without those members. Inline data can be most of a style
/// (tens of megabytes of coordinates); parsed into Foundation objects it took about a hundred times its size,
/// while the core only hands it on to renderers. The rest of the style stays small to parse and to send.
///
/// Only what is unambiguous is cut: a source object with one `"type": "geojson"` and one `data` that is an
/// object, under the root's one `sources` object, its id given once. Anything else stays in the style as
/// written, read as before.
struct InlineGeoJSON {
    /// The style without the cut `data` members (the input itself when nothing was cut).
    let style: Data
    /// Each cut `data` object as written, by source id.
    let data: [String: Data]

    /// Throws when the text is not JSON where it was read (the cut values are read whole; the rest is
    /// left for the JSON parser that reads the style).
    init(style json: Data) throws(JSONScanError) {
        let cuts = try json.withUnsafeBytes { raw in
            Result { () throws(JSONScanError) in try Self.cuts(in: JSONSkipScanner(raw)) }
        }.get()
        guard !cuts.isEmpty else {
            style = json
            data = [:]
            return
        }
        (style, data) = json.withUnsafeBytes { raw in
            let values = cuts.map { ($0.id, Data(UnsafeRawBufferPointer(rebasing: raw[$0.value]))) }
            return (JSONSkipScanner(raw).text(without: cuts.map(\.member)), Dictionary(values) { _, last in last })
        }
    }

    /// One `data` member to cut: the member's text (with one comma beside it) and its value's.
    private struct Cut {
        let id: String
        let member: Range<Int>
        let value: Range<Int>
    }

    private static func cuts(in scanner: JSONSkipScanner) throws(JSONScanError) -> [Cut] {
        let bytes = scanner.bytes
        let start = scanner.skipWhitespace(from: 0)
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return [] }
        var sourcesMembers = 0
        var cuts: [Cut] = []
        _ = try scanner.forEachMember(ofObjectAt: start) { (key, _, valueStart) throws(JSONScanError) -> Int? in
            guard key == "sources" else { return nil }
            sourcesMembers += 1
            guard valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "{") else { return nil }
            var ids: [String: Int] = [:]
            let end = try scanner.forEachMember(ofObjectAt: valueStart) { (id, _, sourceStart) throws(JSONScanError) -> Int? in
                ids[id, default: 0] += 1
                guard sourceStart < bytes.count, bytes[sourceStart] == UInt8(ascii: "{") else { return nil }
                let (cut, end) = try Self.cut(sourceAt: sourceStart, id: id, in: scanner)
                if let cut { cuts.append(cut) }
                return end
            }
            cuts.removeAll { ids[$0.id, default: 0] > 1 }
            return end
        }
        return sourcesMembers == 1 ? cuts : []
    }

    /// The cut for the source object at `start`, if it is one to cut, and the object's end.
    private static func cut(sourceAt start: Int, id: String, in scanner: JSONSkipScanner) throws(JSONScanError) -> (Cut?, Int) {
        let bytes = scanner.bytes
        var types: [String?] = []
        var members: [(key: Int, value: Range<Int>)] = []
        let end = try scanner.forEachMember(ofObjectAt: start) { (key, keyStart, valueStart) throws(JSONScanError) -> Int? in
            switch key {
            case "type":
                guard valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "\"") else { types.append(nil); return nil }
                let type = try scanner.string(at: valueStart)
                types.append(type.value)
                return type.end
            case "data":
                let valueEnd = try scanner.valueEnd(from: valueStart)
                members.append((keyStart, valueStart..<valueEnd))
                return valueEnd
            default: return nil
            }
        }
        guard types == ["geojson"], members.count == 1, let member = members.first,
              bytes[member.value.lowerBound] == UInt8(ascii: "{") else { return (nil, end) }
        return (Cut(id: id, member: scanner.memberRemoval(keyStart: member.key, valueEnd: member.value.upperBound), value: member.value), end)
    }
}

import Foundation
import MapWireVectorTile

/// One folder of the vector tile spec fixtures: the encoded tile, its validity, and an independent,
/// deliberately simple reading of tile.json to compare the decoder against.
struct MVTFixture {
    enum Expectation: Equatable {
        case valid
        case recoverable
        case fatal
        /// Invalid, with no recommended handling: rejecting and recovering are both acceptable.
        case undefined
    }

    let id: String
    let tile: Data
    let expectation: Expectation
    let json: [String: Any]

    init(id: String, folder: URL) throws {
        self.id = id
        tile = try Data(contentsOf: folder.appendingPathComponent("tile.mvt"))
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("info.json"))) as? [String: Any]
        let validity = info?["validity"] as? [String: Any] ?? [:]
        // MapWire decodes spec 2.x, so the v2 verdict is the one that applies.
        if validity["v2"] as? Bool == true {
            expectation = .valid
        } else {
            switch validity["error"] as? String {
            case "recoverable": expectation = .recoverable
            case "fatal": expectation = .fatal
            default: expectation = .undefined
            }
        }
        json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("tile.json"))) as? [String: Any] ?? [:]
    }

    /// What tile.json describes, as decoded values. Duplicate layer names keep the first layer and
    /// features without geometry are left out, matching the decoder's documented recovery.
    func expectedTile() -> VectorTileData {
        var result = VectorTileData()
        for layer in json["layers"] as? [[String: Any]] ?? [] {
            let name = layer["name"] as? String ?? ""
            guard result.layers[name] == nil else { continue }
            let keys = layer["keys"] as? [String] ?? []
            let values = (layer["values"] as? [[String: Any]] ?? []).map(Self.value)
            let features = (layer["features"] as? [[String: Any]] ?? []).compactMap { feature -> VectorFeature? in
                let type = Self.type(Self.unsigned(feature["type"]) ?? 0)
                let geometry = Self.geometry((feature["geometry"] as? [Any] ?? []).map { UInt32(truncatingIfNeeded: Self.unsigned($0) ?? 0) }, type: type)
                guard !geometry.isEmpty else { return nil }
                let tags = (feature["tags"] as? [Any] ?? []).map { Int(Self.unsigned($0) ?? 0) }
                var properties: [String: FeatureValue] = [:]
                for pair in stride(from: 0, to: tags.count - 1, by: 2) {
                    properties[keys[tags[pair]]] = values[tags[pair + 1]]
                }
                return VectorFeature(id: Self.unsigned(feature["id"]), type: type, geometry: geometry, properties: properties)
            }
            result.layers[name] = VectorLayer(
                name: name, version: Int(Self.unsigned(layer["version"]) ?? 1),
                extent: Int(Self.unsigned(layer["extent"]) ?? 4096), features: features)
            result.layerOrder.append(name)
        }
        return result
    }

    private static func unsigned(_ value: Any?) -> UInt64? {
        (value as? NSNumber)?.uint64Value
    }

    private static func type(_ raw: UInt64) -> FeatureGeometryType {
        switch raw {
        case 1: .point
        case 2: .lineString
        case 3: .polygon
        default: .unknown
        }
    }

    /// The value's single key names its protobuf type; the number type is kept as encoded.
    private static func value(_ json: [String: Any]) -> FeatureValue {
        let (kind, raw) = json.first!
        let number = raw as? NSNumber
        switch kind {
        // The fixture generator writes a number given as string_value as its decimal text.
        case "string_value": return .string(raw as? String ?? "\(raw)")
        case "float_value": return .double(Double(number!.floatValue))
        case "double_value": return .double(number!.doubleValue)
        case "int_value", "sint_value": return .int(number!.int64Value)
        case "uint_value": return .uint(number!.uint64Value)
        case "bool_value": return .bool(number!.boolValue)
        default: fatalError("fixture value type \(kind) has no FeatureValue")
        }
    }

    /// Plain command interpreter without validation (valid fixtures need none); coordinates wrap
    /// like the spec's int32 arithmetic.
    private static func geometry(_ integers: [UInt32], type: FeatureGeometryType) -> [[TilePoint]] {
        var parts: [[TilePoint]] = []
        var x: Int32 = 0, y: Int32 = 0
        var index = 0
        while index < integers.count {
            let command = integers[index] & 7, count = Int(integers[index] >> 3)
            index += 1
            guard command == 1 || command == 2 else { continue }
            for _ in 0..<count {
                guard index + 1 < integers.count else { return parts }
                x &+= zigzagDecoded(integers[index])
                y &+= zigzagDecoded(integers[index + 1])
                index += 2
                if command == 1 { parts.append([]) }
                parts[parts.count - 1].append(TilePoint(x: x, y: y))
            }
        }
        return type == .point ? [parts.flatMap { $0 }] .filter { !$0.isEmpty } : parts
    }

    private static func zigzagDecoded(_ value: UInt32) -> Int32 {
        let magnitude = Int64(value >> 1)
        return Int32(truncatingIfNeeded: value & 1 == 0 ? magnitude : -magnitude - 1)
    }
}

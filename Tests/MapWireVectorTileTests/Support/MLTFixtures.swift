import Foundation
import MapWireJSON
import MapWireVectorTile

/// The MapLibre Tile fixtures checked in beside these tests (Fixtures/mlt, see its README): the MLT
/// project's synthetic conformance tiles with their expected features, and real tiles its reference
/// encoder made from OpenMapTiles MVT tiles, with those MVT tiles.
enum MLTFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mlt", isDirectory: true)

    /// "java/point", "rust/ids_fpf", …: every synthetic tile with an expectation, sorted.
    static var syntheticNames: [String] {
        ["java", "rust"].flatMap { folder in
            let url = root.appendingPathComponent("synthetic/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".mlt") }.map { "\(folder)/\($0.dropLast(4))" }
        }.sorted()
    }

    static func synthetic(_ name: String) throws -> (tile: Data, expected: Data) {
        let base = root.appendingPathComponent("synthetic/\(name)")
        return (try Data(contentsOf: base.appendingPathExtension("mlt")), try Data(contentsOf: base.appendingPathExtension("json")))
    }

    /// The OpenMapTiles pairs: the same tile as MVT and as the reference encoder's MLT.
    static let openMapTilesNames = ["11_1062_1368", "12_2134_2734"]

    static func openMapTiles(_ name: String, _ ext: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("openmaptiles/\(name).\(ext)"))
    }

    /// A synthetic fixture's expected GeoJSON as the vector tile model: features grouped by their
    /// `_layer` (extent from `_extent`), multi-geometries flattened as MVT holds them, polygon rings
    /// open and wound as MVT winds them (exterior positive, holes negative).
    static func expectedTile(_ json: Data) throws -> VectorTileData {
        let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
        var result = VectorTileData()
        for feature in root["features"] as? [[String: Any]] ?? [] {
            var properties = feature["properties"] as? [String: Any] ?? [:]
            let layerName = properties.removeValue(forKey: "_layer") as? String ?? ""
            let extent = FoundationJSON.int(properties.removeValue(forKey: "_extent")) ?? 4096
            if result.layers[layerName] == nil {
                result.layers[layerName] = VectorLayer(name: layerName, version: 2, extent: extent)
                result.layerOrder.append(layerName)
            }
            let (type, parts) = geometry(feature["geometry"] as? [String: Any] ?? [:])
            guard !parts.isEmpty else { continue }
            var id: UInt64?
            if let number = FoundationJSON.number(feature["id"]) {
                switch number {
                case .integer(let value): id = UInt64(bitPattern: value)
                case .unsigned(let value): id = value
                case .real(let value): id = UInt64(value)
                }
            }
            result.layers[layerName]?.features.append(VectorFeature(
                id: id, type: type, geometry: parts, properties: properties.compactMapValues(value)))
        }
        return result
    }

    private static func value(_ json: Any) -> FeatureValue? {
        if let flag = FoundationJSON.bool(json) { return .bool(flag) }
        if let number = FoundationJSON.number(json) {
            switch number {
            case .integer(let value): return .int(value)
            case .unsigned(let value): return .uint(value)
            case .real(let value): return .double(value)
            }
        }
        guard let text = json as? String else { return nil }
        // Floats JSON cannot spell are written as Rust's constant names.
        switch text {
        case "f32::NAN", "f64::NAN": return .double(.nan)
        case "f32::INFINITY", "f64::INFINITY": return .double(.infinity)
        case "f32::NEG_INFINITY", "f64::NEG_INFINITY": return .double(-.infinity)
        default: return .string(text)
        }
    }

    private static func geometry(_ json: [String: Any]) -> (FeatureGeometryType, [[TilePoint]]) {
        let coordinates = json["coordinates"]
        func point(_ any: Any?) -> TilePoint {
            let pair = (any as? [Any] ?? []).compactMap(FoundationJSON.int)
            return TilePoint(x: Int32(pair.first ?? 0), y: Int32(pair.dropFirst().first ?? 0))
        }
        func line(_ any: Any?) -> [TilePoint] { (any as? [Any] ?? []).map(point) }
        func polygon(_ any: Any?) -> [[TilePoint]] {
            var rings: [[TilePoint]] = []
            for (index, closed) in (any as? [Any] ?? []).map(line).enumerated() {
                var ring = closed.count > 1 && closed.first == closed.last ? Array(closed.dropLast()) : closed
                guard ring.count >= 3 else { if index == 0 { break } else { continue } }
                if (index == 0) != (RingArea.doubledSignedArea(ring) > 0) { ring.reverse() }
                rings.append(ring)
            }
            return rings
        }
        switch json["type"] as? String {
        case "Point": return (.point, [[point(coordinates)]])
        case "MultiPoint": return (.point, [line(coordinates)])
        case "LineString": return (.lineString, [line(coordinates)].filter { $0.count >= 2 })
        case "MultiLineString": return (.lineString, (coordinates as? [Any] ?? []).map(line).filter { $0.count >= 2 })
        case "Polygon": return (.polygon, polygon(coordinates))
        case "MultiPolygon": return (.polygon, (coordinates as? [Any] ?? []).flatMap(polygon))
        default: return (.unknown, [])
        }
    }

    /// Whether two property values are the same value: numbers compare by value whatever their
    /// signedness (MVT and MLT writers pick int or uint freely), 32-bit floats to their precision, NaN
    /// equals NaN.
    static func same(_ a: FeatureValue, _ b: FeatureValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.double(let x), .double(let y)):
            if x.isNaN || y.isNaN { return x.isNaN && y.isNaN }
            return x == y || Float(x) == Float(y)
        case (.double(let x), _): return number(b).map { Double($0) == x || Float($0) == Float(x) } ?? false
        case (_, .double): return same(b, a)
        default:
            guard let x = number(a), let y = number(b) else { return false }
            return x == y
        }
    }

    private static func number(_ value: FeatureValue) -> Int128? {
        switch value {
        case .int(let v): Int128(v)
        case .uint(let v): Int128(v)
        default: nil
        }
    }

    /// The first difference between two decoded tiles, or nil when they hold the same features.
    /// The order of layers is the encoder's to choose (a renderer finds them by name), so only
    /// their names must match.
    static func difference(_ actual: VectorTileData, _ expected: VectorTileData) -> String? {
        guard Set(actual.layerOrder) == Set(expected.layerOrder) else { return "layers \(actual.layerOrder) ≠ \(expected.layerOrder)" }
        for name in expected.layerOrder {
            guard let a = actual.layers[name], let e = expected.layers[name] else { continue }
            if a.extent != e.extent { return "layer \(name): extent \(a.extent) ≠ \(e.extent)" }
            if a.features.count != e.features.count { return "layer \(name): \(a.features.count) features ≠ \(e.features.count)" }
            for (index, (fa, fe)) in zip(a.features, e.features).enumerated() {
                let at = "layer \(name) feature #\(index)"
                if fa.id != fe.id { return "\(at): id \(String(describing: fa.id)) ≠ \(String(describing: fe.id))" }
                if fa.type != fe.type { return "\(at): type \(fa.type) ≠ \(fe.type)" }
                if fa.geometry != fe.geometry { return "\(at): geometry \(fa.geometry) ≠ \(fe.geometry)" }
                if Set(fa.properties.keys) != Set(fe.properties.keys) {
                    return "\(at): keys \(fa.properties.keys.sorted()) ≠ \(fe.properties.keys.sorted())"
                }
                for (key, value) in fe.properties where !same(fa.properties[key]!, value) {
                    return "\(at): \(key) = \(fa.properties[key]!) ≠ \(value)"
                }
            }
        }
        return nil
    }
}

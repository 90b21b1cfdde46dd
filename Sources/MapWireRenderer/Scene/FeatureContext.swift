import MapWireStyle
import MapWireVectorTile

/// A vector tile feature as style expressions see it.
struct FeatureContext: StyleFeature {
    let feature: VectorFeature

    func property(_ key: String) -> StyleValue? {
        feature.properties[key].map(Self.styleValue)
    }

    var geometryTypeName: String {
        switch feature.type {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        case .unknown: "Unknown"
        }
    }

    var featureID: StyleValue? { feature.id.map { .number(Double($0)) } }

    var allProperties: [String: StyleValue] { feature.properties.mapValues(Self.styleValue) }

    static func styleValue(_ value: FeatureValue) -> StyleValue {
        switch value {
        case .string(let s): .string(s)
        case .double(let d): .number(d)
        case .int(let i): .number(Double(i))
        case .uint(let u): .number(Double(u))
        case .bool(let b): .bool(b)
        }
    }
}

import MapWireStyle
import MapWireVectorTile

/// A vector tile feature as style expressions see it (the renderer's painters and the label rule).
public struct FeatureContext: StyleFeature, Sendable {
    public let feature: VectorFeature

    public init(feature: VectorFeature) {
        self.feature = feature
    }

    public func property(_ key: String) -> StyleValue? {
        feature.properties[key].map(Self.styleValue)
    }

    public var geometryTypeName: String {
        switch feature.type {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        case .unknown: "Unknown"
        }
    }

    public var featureID: StyleValue? { feature.id.map { .number(Double($0)) } }

    public var allProperties: [String: StyleValue] { feature.properties.mapValues(Self.styleValue) }

    public static func styleValue(_ value: FeatureValue) -> StyleValue {
        switch value {
        case .string(let s): .string(s)
        case .double(let d): .number(d)
        case .int(let i): .number(Double(i))
        case .uint(let u): .number(Double(u))
        case .bool(let b): .bool(b)
        }
    }
}

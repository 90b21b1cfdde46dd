/// What an expression can ask about the feature being styled.
public protocol StyleFeature {
    /// Nil when the feature has no such property.
    func property(_ key: String) -> StyleValue?
    /// "Point" | "LineString" | "Polygon" | "Unknown"
    var geometryTypeName: String { get }
    var featureID: StyleValue? { get }
    /// Every property, for the `properties` expression. Defaults to none, so a feature type only
    /// has to provide it when styles use `properties`.
    var allProperties: [String: StyleValue] { get }
}

extension StyleFeature {
    public var allProperties: [String: StyleValue] { [:] }
}

/// The zoom, feature and per-pixel inputs one evaluation sees.
public struct EvaluationContext {
    public var zoom: Double
    public var feature: StyleFeature?
    public var heatmapDensity: Double?
    public var lineProgress: Double?

    public init(zoom: Double, feature: StyleFeature? = nil) {
        self.zoom = zoom
        self.feature = feature
    }

    public init(zoom: Double, feature: StyleFeature?, heatmapDensity: Double?, lineProgress: Double?) {
        self.zoom = zoom
        self.feature = feature
        self.heatmapDensity = heatmapDensity
        self.lineProgress = lineProgress
    }
}

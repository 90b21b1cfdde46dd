import MapWireGeometry

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
    /// The geometry in the units of `EvaluationContext.canonicalTile` (8192 per tile): points as one-point
    /// lines, lines, or polygon rings. Only `within` and `distance` read it; nil when not known.
    var tileGeometry: [[PlanePoint]]? { get }
}

extension StyleFeature {
    public var allProperties: [String: StyleValue] { [:] }
    public var tileGeometry: [[PlanePoint]]? { nil }
}

/// The zoom, feature and per-pixel inputs one evaluation sees.
public struct EvaluationContext {
    public var zoom: Double
    public var feature: StyleFeature?
    public var heatmapDensity: Double?
    public var lineProgress: Double?
    /// The terrain elevation `["elevation"]` reads, in metres.
    public var elevation: Double?
    /// The feature's state (`feature-state`); nil reads as empty.
    public var featureState: [String: StyleValue]?
    /// The style's global state (`global-state`); nil reads as empty.
    public var globalState: [String: StyleValue]?
    /// The images the style has; nil when unknown, in which case `image` results count as unavailable.
    public var availableImages: Set<String>?
    /// The tile the feature's `tileGeometry` is in, for `within` and `distance`.
    public var canonicalTile: CanonicalTileID?

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

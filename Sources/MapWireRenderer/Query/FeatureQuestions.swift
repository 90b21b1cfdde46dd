import MapWireCanvas
import MapWireStyle

/// A rendered-feature query (MapLibre GL JS's `queryRenderedFeatures`): a point or a box on the map's
/// screen in logical px, optionally only some layers and only features passing a filter.
public struct RenderedFeatureQuestion {
    public enum Geometry: Equatable {
        case point(Point2D)
        /// Two opposite corners, in the order given.
        case box(Point2D, Point2D)
    }

    public var geometry: Geometry
    /// The layers to look in; nil: every layer.
    public var layers: Set<String>?
    /// A filter features must pass too (evaluated at their tile's zoom, as the layer's own).
    public var filter: StyleFilter?

    public init(geometry: Geometry, layers: Set<String>? = nil, filter: StyleFilter? = nil) {
        self.geometry = geometry
        self.layers = layers
        self.filter = filter
    }

    /// The query as GL tests it: one point, or the box as a closed ring from its first corner.
    var screenRing: [Point2D] {
        switch geometry {
        case .point(let p): [p]
        case .box(let a, let b): [a, Point2D(x: b.x, y: a.y), b, Point2D(x: a.x, y: b.y), a]
        }
    }
}

/// A source-feature query (GL JS's `querySourceFeatures`): every feature of a source in the tiles the
/// view holds, drawn or not.
public struct SourceFeatureQuestion {
    public var sourceID: String
    /// The source layer of a vector source; GeoJSON sources have one layer and ignore it.
    public var sourceLayer: String?
    public var filter: StyleFilter?

    public init(sourceID: String, sourceLayer: String? = nil, filter: StyleFilter? = nil) {
        self.sourceID = sourceID
        self.sourceLayer = sourceLayer
        self.filter = filter
    }
}

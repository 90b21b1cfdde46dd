import Foundation
import MapWireGeometry

/// GeoJSON (FeatureCollection, Feature, or a bare geometry; Point, MultiPoint, LineString,
/// MultiLineString, Polygon, MultiPolygon, GeometryCollection) cut into vector tiles that draw like MVT.
///
/// Everything is computed in `init` and only read afterwards, so every stored property is an
/// immutable Sendable value and the class is Sendable without any unchecked promise.
public final class GeoJSONTiler: Sendable {
    /// The layer name GL engines give GeoJSON sources.
    public static let layerName = "_geojsonTileLayer"
    /// With `lineMetrics`, where a line's part in a tile starts and ends along the whole line (0...1),
    /// under the property names geojson-vt gives them.
    public static let lineClipStart = "mapbox_clip_start", lineClipEnd = "mapbox_clip_end"
    /// Deep enough for any map; keeps 2^zoom and tile coordinates far from overflow.
    public static let zoomRange = 0...30

    public let extent: Int
    public let buffer: Int
    public let maxZoom: Int
    public let tolerance: Double
    private let features: [ProjectedFeature]
    private let index: FeatureGridIndex

    public convenience init(data: Data, extent: Int = 4096, buffer: Int = 128, maxZoom: Int = 18, tolerance: Double = 0.375) throws(GeoJSONError) {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .invalidJSON(String(describing: error))
        }
        try self.init(json: json, extent: extent, buffer: buffer, maxZoom: maxZoom, tolerance: tolerance)
    }

    /// `json` is what JSONSerialization produces (dictionaries, arrays, NSNumber, String, NSNull);
    /// plain Swift Bool, Int and Double values work too.
    public init(json: Any, extent: Int = 4096, buffer: Int = 128, maxZoom: Int = 18, tolerance: Double = 0.375) throws(GeoJSONError) {
        // Bounds keep rounded tile coordinates well inside Int32.
        guard (1...(1 << 24)).contains(extent) else { throw .invalidOption("extent \(extent) must be 1...\(1 << 24)") }
        guard (0...extent).contains(buffer) else { throw .invalidOption("buffer \(buffer) must be 0...extent") }
        guard Self.zoomRange.contains(maxZoom) else { throw .invalidOption("maxZoom \(maxZoom) must be in \(Self.zoomRange)") }
        guard tolerance >= 0, tolerance.isFinite else { throw .invalidOption("tolerance \(tolerance) must be a finite number >= 0") }
        self.extent = extent
        self.buffer = buffer
        self.maxZoom = maxZoom
        self.tolerance = tolerance
        features = try GeoJSONParser.features(from: json).flatMap { feature in
            feature.geometries
                .map { ProjectedFeature(id: feature.id, properties: feature.properties, geometry: $0) }
                .filter { !$0.isEmpty }
        }
        index = FeatureGridIndex(features.map(\.bounds))
    }

    /// A tiler of features already projected (clusters).
    init(projected: [ProjectedFeature], extent: Int, buffer: Int, maxZoom: Int, tolerance: Double) {
        self.extent = extent
        self.buffer = buffer
        self.maxZoom = min(max(0, maxZoom), Self.zoomRange.upperBound)
        self.tolerance = tolerance
        features = projected
        index = FeatureGridIndex(projected.map(\.bounds))
    }

    /// The features that are a single point, in source order (what a cluster index takes).
    var pointFeatures: [ProjectedFeature] {
        features.filter { if case .points(let p) = $0.shape { return p.count == 1 } else { return false } }
    }

    /// The features of tile z/x/y (XYZ, y down) as one layer named "_geojsonTileLayer", coordinates
    /// in 0...extent (plus buffer), lines and polygons clipped to the buffered tile, polygons closed
    /// rings with exterior rings clockwise on screen (positive tile-space area) and holes
    /// counter-clockwise. Simplification applies below `maxZoom` only. Tiles outside the
    /// z/x/y range are empty. `lineMetrics` (the source option): each line and each part of it is
    /// a feature of its own with `mapbox_clip_start` and `mapbox_clip_end`, where along the whole
    /// line (0...1) it starts and ends, as geojson-vt writes them.
    public func tile(z: Int, x: Int, y: Int, lineMetrics: Bool = false) -> VectorLayer {
        var layer = VectorLayer(name: Self.layerName, version: 2, extent: extent, features: [])
        guard Self.zoomRange.contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return layer }
        let tiles = Double(1 << z)
        let margin = Double(buffer) / Double(extent)
        let query = WorldBounds(
            minX: (Double(x) - margin) / tiles, minY: (Double(y) - margin) / tiles,
            maxX: (Double(x + 1) + margin) / tiles, maxY: (Double(y + 1) + margin) / tiles)
        let cutter = TileFeatureCutter(
            zoom: z, x: x, y: y, extent: Double(extent),
            box: ClipBox(extent: Double(extent), buffer: Double(buffer)),
            tolerance: z < maxZoom ? tolerance : 0, lineMetrics: lineMetrics)
        layer.features = index.query(query).flatMap { cutter.cut(features[$0]) }
        return layer
    }
}

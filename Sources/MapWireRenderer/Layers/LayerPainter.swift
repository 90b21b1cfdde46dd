import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireJSON
import MapWireLabels
import MapWireStyle
import MapWireVectorTile

/// What every layer painter gets for one frame.
struct PaintContext {
    let canvas: Canvas
    let transform: Transform
    let zoom: Double
    let scene: RenderScene
    let style: RenderStyle
    /// Filter results kept across frames.
    let filtered: FilteredFeatureCache
    /// DEM tiles decoded, and their slopes, kept across frames.
    let dem: DEMCache
    /// The feature state of the layer being drawn (`drawing`), by feature id, and the property holding the
    /// ids when its source promotes one.
    var layerStates: [String: [String: StyleValue]]?
    var promoteID: String?

    var bearingRadians: Double { transform.camera.bearing * .pi / 180 }

    /// The context for drawing `layer`: with the feature state of its source (and source layer).
    func drawing(_ layer: RenderLayer) -> PaintContext { reading(source: layer.source, sourceLayer: layer.sourceLayer) }

    /// The context for reading features of `source` (and source layer) with their feature state.
    func reading(source: String?, sourceLayer: String?) -> PaintContext {
        var context = self
        let sourceLayer = sourceLayer ?? ""
        context.layerStates = source.flatMap { style.featureStates[$0]?[sourceLayer] }
        context.promoteID = source.flatMap { style.sources[$0]?.promoteID(sourceLayer: sourceLayer) }
        return context
    }

    func evaluation(_ feature: VectorFeature? = nil) -> EvaluationContext {
        var context = EvaluationContext(zoom: zoom, feature: feature.map(FeatureContext.init))
        if let layerStates, let feature, let id = stateID(of: feature) { context.featureState = layerStates[id] }
        return context
    }

    /// The feature state of `feature` of the layer this context draws (empty without one), as a query
    /// returns it (GL JS's `feature.state`).
    func featureStateJSON(of feature: VectorFeature) -> JSONValue {
        guard let layerStates, let id = stateID(of: feature), let state = layerStates[id] else { return .object([]) }
        return StyleValue.object(state).jsonValue
    }

    /// The id feature state knows a feature by: its promoted property, or its own id in decimal.
    private func stateID(of feature: VectorFeature) -> String? {
        guard let promoteID else { return feature.id.map { String($0) } }
        switch feature.properties[promoteID] {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case .uint(let number)?: return String(number)
        case .double(let number)?: return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: return nil
        }
    }

    /// A `*-translate` offset in screen px; "map" anchored offsets turn with the map.
    func translation(_ values: [Double], anchor: String) -> Point2D {
        guard values.count == 2, values[0] != 0 || values[1] != 0 else { return Point2D(x: 0, y: 0) }
        guard anchor == "map" else { return Point2D(x: values[0], y: values[1]) }
        let b = -bearingRadians
        return Point2D(x: values[0] * cos(b) - values[1] * sin(b), y: values[0] * sin(b) + values[1] * cos(b))
    }

    /// Every (tile, layer data) pair a layer draws from, with each tile's projection: once on
    /// the main world, and again on each copy of the world east or west that the view reaches
    /// (GL's renderWorldCopies: a view wider than the world shows it repeated).
    func tiles(for layer: RenderLayer) -> [(tile: CanonicalTileID, layer: VectorLayer, projection: TileProjection)] {
        guard let sourceID = layer.source, case .vector(let tiles)? = scene.sources[sourceID] else { return [] }
        let name = layer.sourceLayer ?? "_geojsonTileLayer"
        var wrapsByZoom: [Int: ClosedRange<Int>] = [:]
        return tiles.keys.sorted().flatMap { id -> [(tile: CanonicalTileID, layer: VectorLayer, projection: TileProjection)] in
            guard let data = tiles[id]?.layers[name] else { return [] }
            let wraps = wrapsByZoom[id.z] ?? worldCopies(atZoom: id.z)
            wrapsByZoom[id.z] = wraps
            return wraps.map { (id, data, TileProjection(transform: transform, tile: id, extent: data.extent, wrap: $0)) }
        }
    }

    /// The copies of the world (0 the main one) the view reaches at tile zoom `z`.
    func worldCopies(atZoom z: Int) -> ClosedRange<Int> {
        let world = WebMercator.tileSize * Double(1 << z)
        let xs = transform.visibleQuad(atZoom: Double(z)).map(\.x)
        guard let low = xs.min(), let high = xs.max(), low.isFinite, high.isFinite else { return 0...0 }
        // At most two copies each way: even a wide view at zoom 0 spans no more.
        let west = max(-2, Int((low / world).rounded(.down))), east = min(2, Int((high / world).rounded(.down)))
        return min(west, 0)...max(east, 0)
    }

    /// Features of a layer's tile data that pass its filter.
    func features(of data: VectorLayer, layer: RenderLayer) -> [VectorFeature] {
        guard let filter = layer.filter else { return data.features }
        return filtered.matching(data.features, layerID: layer.id, zoom: zoom) { filter.matches(evaluation($0)) }
    }
}

extension Point2D {
    static func + (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Point2D, k: Double) -> Point2D { Point2D(x: a.x * k, y: a.y * k) }
}

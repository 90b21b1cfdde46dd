import MapWireGeometry
import MapWireStyle
import MapWireVectorTile

/// `querySourceFeatures` by MapLibre GL JS's rules (query_features.ts, tile.ts): every feature of the
/// source layer in each tile the view holds (each tile once, however many copies of the world show it),
/// whether drawn or not, that passes the filter at the tile's zoom. A feature split across tiles, or
/// held in their buffers, comes once per tile.
struct SourceFeatureSearch {
    let context: PaintContext
    let question: SourceFeatureQuestion

    func run() -> [QueriedFeature] {
        guard case .vector(let tiles)? = context.scene.sources[question.sourceID] else { return [] }
        let geojson = context.style.sources[question.sourceID]?.type == "geojson"
        let tileSize = context.style.sources[question.sourceID]?.tileSize ?? 512
        let covering = TileCover.coveringZoom(cameraZoom: context.zoom, tileSize: tileSize, roundZoom: false)
        // Feature state is kept by source layer ("" for GeoJSON), as set-feature-state names it.
        let states = context.reading(source: question.sourceID, sourceLayer: geojson ? nil : question.sourceLayer)
        var result: [QueriedFeature] = []
        for id in tiles.keys.sorted(by: { ($0.z, $0.y, $0.x) < ($1.z, $1.y, $1.x) }) {
            guard let data = tiles[id] else { continue }
            // A GeoJSON source's tiles hold one layer, whatever was asked.
            let name = geojson ? GeoJSONTiler.layerName : (question.sourceLayer ?? "")
            guard let layer = data.layers[name] else { continue }
            let zoom = Double(max(id.z, covering))
            for feature in layer.features {
                if let filter = question.filter, !filter.matches(RenderedFeatureSearch.evaluation(feature, zoom: zoom)) { continue }
                result.append(QueriedFeature(feature: feature, tile: id, extent: layer.extent, sourceID: question.sourceID,
                                             sourceLayer: geojson ? nil : question.sourceLayer, layer: nil,
                                             state: states.featureStateJSON(of: feature)))
            }
        }
        return result
    }
}

import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireJSON
import MapWireLabels
import MapWireStyle
import MapWireVectorTile

/// `queryRenderedFeatures` over one frame, by MapLibre GL JS's rules (query_features.ts, feature_index.ts,
/// style.ts): the query is carried into each tile's units (under pitch, each screen point onto the
/// ground), every tile the query reaches, padded by how far its layers draw from their geometry, is
/// searched, and each layer's own hit test decides (circle radius and stroke, line width, gap and offset,
/// fill and extrusion shapes, translations). A tile's features are found top down (the last drawn
/// first); the same feature of the same tile is found once however many copies of the world show it,
/// while a feature held by several tiles (split, or in their buffers) comes from each. Labels are found
/// by the boxes the placement gave them, so only labels that were placed are found. Layers come top down
/// at the end, extrusions by their distance from the camera.
struct RenderedFeatureSearch {
    let context: PaintContext
    let question: RenderedFeatureQuestion
    /// Each layer as the style writes it (GL's serialized layer, returned with each feature).
    let layerJSON: [String: JSONValue]

    /// The layer types whose features are hit-tested against their geometry (symbols are found through
    /// their placement; heatmaps, rasters and backgrounds have nothing to find).
    static let geometryLayerTypes: Set<String> = ["circle", "line", "fill", "fill-extrusion"]

    /// A feature one layer drew at the query, before it becomes GeoJSON.
    struct Hit {
        let layer: RenderLayer
        let tile: CanonicalTileID
        let extent: Int
        let feature: VectorFeature
        /// Extrusions: how far from the camera the query meets it (nearer first).
        var distance = 0.0
    }

    /// One tile as a query visits it: a copy of the world and the zoom its data is used at.
    struct TileVisit {
        let id: CanonicalTileID
        let wrap: Int
        /// GL's overscaled zoom: the zoom of the view's tiles, at least the tile's own.
        let zoom: Int
    }

    func run(placed: [PlacedSymbol]) -> [QueriedFeature] {
        let ring = question.screenRing
        guard !ring.isEmpty, ring.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        let layers = context.style.layers.filter { question.layers?.contains($0.id) ?? true }
        var found: [String: [Hit]] = [:]
        let tested = layers.filter { Self.geometryLayerTypes.contains($0.type) }
        var sources: [String] = []
        for layer in tested { if let source = layer.source, !sources.contains(source) { sources.append(source) } }
        for source in sources {
            guard case .vector(let tiles)? = context.scene.sources[source] else { continue }
            search(tiles, source: source, layers: tested.filter { $0.source == source }, ring: ring, into: &found)
        }
        symbols(placed, layers: Set(layers.map(\.id)), ring: ring, into: &found)
        return flattened(found).map { hit in
            QueriedFeature(feature: hit.feature, tile: hit.tile, extent: hit.extent, sourceID: hit.layer.source ?? "",
                           sourceLayer: hit.layer.sourceLayer, layer: layerJSON[hit.layer.id],
                           state: context.drawing(hit.layer).featureStateJSON(of: hit.feature))
        }
    }

    // MARK: Tiles

    /// The tiles of one source the query may reach, in GL's order: by zoom, then north to south, then
    /// by copy of the world, then west to east.
    func visits(_ tiles: [CanonicalTileID: VectorTileData], tileSize: Int) -> [TileVisit] {
        let covering = TileCover.coveringZoom(cameraZoom: context.zoom, tileSize: tileSize, roundZoom: false)
        var visits: [TileVisit] = []
        for id in tiles.keys {
            for wrap in context.worldCopies(atZoom: id.z) { visits.append(TileVisit(id: id, wrap: wrap, zoom: max(id.z, covering))) }
        }
        return visits.sorted { a, b in
            (a.zoom, a.id.y, a.wrap, a.id.x) < (b.zoom, b.id.y, b.wrap, b.id.x)
        }
    }

    private func search(_ tiles: [CanonicalTileID: VectorTileData], source: String, layers: [RenderLayer], ring: [Point2D],
                        into found: inout [String: [Hit]]) {
        let tileSize = context.style.sources[source]?.tileSize ?? 512
        // Extrusions are found from the camera's side too (a tall building leans over tiles the query
        // does not touch on the ground): their tiles are all searched.
        let reachesEverywhere = layers.contains { $0.type == "fill-extrusion" }
        var seen: [String: Set<Int>] = [:]
        for visit in visits(tiles, tileSize: tileSize) {
            guard let data = tiles[visit.id] else { continue }
            let present = layers.compactMap { layer -> (RenderLayer, VectorLayer)? in
                guard Self.isBuilt(layer, atZoom: visit.zoom), let tileLayer = data.layers[layer.sourceLayer ?? GeoJSONTiler.layerName]
                else { return nil }
                return (layer, tileLayer)
            }
            guard !present.isEmpty else { continue }
            if !reachesEverywhere, !reaches(visit, present, ring: ring) { continue }
            for (layer, tileLayer) in present {
                let frame = TileFrame(context: context, visit: visit, extent: tileLayer.extent, ring: ring)
                let key = "\(visit.id.z)/\(visit.id.x)/\(visit.id.y)|\(layer.id)"
                for (index, feature) in featuresTopDown(tileLayer, layer: layer, zoom: visit.zoom) {
                    if let filter = question.filter, !filter.matches(Self.evaluation(feature, zoom: Double(visit.zoom))) { continue }
                    guard let distance = LayerHitTest.test(layer, feature, frame) else { continue }
                    guard seen[key, default: []].insert(index).inserted else { continue }
                    found[layer.id, default: []].append(Hit(layer: layer, tile: visit.id, extent: tileLayer.extent, feature: feature,
                                                            distance: distance))
                }
            }
        }
    }

    /// Whether the query, padded by how far the tile's layers draw from their geometry (GL's query
    /// padding, larger under pitch), reaches the tile's square.
    private func reaches(_ visit: TileVisit, _ present: [(RenderLayer, VectorLayer)], ring: [Point2D]) -> Bool {
        let padding = present.map { LayerHitTest.queryRadius($0.0, $0.1, zoom: context.zoom) }.max() ?? 0
        for (_, tileLayer) in present.prefix(1) {
            let frame = TileFrame(context: context, visit: visit, extent: tileLayer.extent, ring: ring)
            let pad = frame.maxPitchScale * padding * frame.unitsPerPixel
            let xs = frame.query.map(\.x), ys = frame.query.map(\.y)
            let extent = Double(tileLayer.extent)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return false }
            return minX - pad <= extent && maxX + pad >= 0 && minY - pad <= extent && maxY + pad >= 0
        }
        return false
    }

    /// Whether GL builds the layer's data for a tile at `zoom` (its worker's rule: hidden layers, and
    /// layers outside their zoom range at the tile's zoom, have none).
    static func isBuilt(_ layer: RenderLayer, atZoom zoom: Int) -> Bool {
        layer.visible && !(Double(zoom) < layer.minZoom.rounded(.down)) && !(layer.maxZoom < 24 && Double(zoom) >= layer.maxZoom)
    }

    /// The layer's features in a tile with their place in it, top down: those its filter passes (at the
    /// tile's zoom), in the order they are drawn (by sort key when the layer has one), last first.
    func featuresTopDown(_ tileLayer: VectorLayer, layer: RenderLayer, zoom: Int) -> [(Int, VectorFeature)] {
        var features: [(Int, VectorFeature)] = []
        for (index, feature) in tileLayer.features.enumerated() {
            if let filter = layer.filter, !filter.matches(Self.evaluation(feature, zoom: Double(zoom))) { continue }
            features.append((index, feature))
        }
        if let sortKey = layer.layout["\(layer.type)-sort-key"] {
            let keys = features.map { sortKey.number(Self.evaluation($0.1, zoom: Double(zoom)), default: 0) }
            features = features.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { features[$0] }
        }
        return features.reversed()
    }

    static func evaluation(_ feature: VectorFeature, zoom: Double) -> EvaluationContext {
        EvaluationContext(zoom: zoom, feature: FeatureContext(feature: feature))
    }

    // MARK: Labels

    /// Placed labels whose boxes the query touches, each feature once per tile, tile by tile (GL's order),
    /// within a tile the last drawn first.
    private func symbols(_ placed: [PlacedSymbol], layers: Set<String>, ring: [Point2D], into found: inout [String: [Hit]]) {
        var byBucket: [String: (visit: TileVisit, symbols: [PlacedSymbol])] = [:]
        var seen: Set<String> = []
        for symbol in placed {
            let origin = symbol.origin
            guard layers.contains(origin.layerID) else { continue }
            let covering = TileCover.coveringZoom(cameraZoom: context.zoom, tileSize: 512, roundZoom: false)
            let visit = TileVisit(id: origin.tile, wrap: origin.wrap, zoom: max(origin.tile.z, covering))
            if let filter = question.filter, !filter.matches(Self.evaluation(origin.feature, zoom: Double(visit.zoom))) { continue }
            guard symbol.boxes.contains(where: { box in
                QueryIntersection.polygonsOverlap(ring, [Point2D(x: box.minX, y: box.minY), Point2D(x: box.maxX, y: box.minY),
                                                         Point2D(x: box.maxX, y: box.maxY), Point2D(x: box.minX, y: box.maxY)])
            }) else { continue }
            let bucket = "\(origin.layerID)|\(origin.tile.z)/\(origin.tile.x)/\(origin.tile.y)@\(origin.wrap)"
            guard seen.insert("\(bucket)#\(origin.featureIndex)").inserted else { continue }
            byBucket[bucket, default: (visit, [])].symbols.append(symbol)
        }
        let buckets = byBucket.values.sorted { a, b in
            (a.visit.zoom, a.visit.id.y, a.visit.wrap, a.visit.id.x, a.symbols[0].origin.layerID)
                < (b.visit.zoom, b.visit.id.y, b.visit.wrap, b.visit.id.x, b.symbols[0].origin.layerID)
        }
        let styleLayers = Dictionary(context.style.layers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for bucket in buckets {
            let ordered = bucket.symbols.sorted { a, b in
                // Drawn by height on screen: the lowest (drawn last) first; else the later feature first.
                if a.drawnByY, b.drawnByY, a.drawKey.rowY != b.drawKey.rowY { return a.drawKey.rowY > b.drawKey.rowY }
                return a.origin.featureIndex > b.origin.featureIndex
            }
            for symbol in ordered {
                guard let layer = styleLayers[symbol.origin.layerID] else { continue }
                found[layer.id, default: []].append(Hit(layer: layer, tile: symbol.origin.tile, extent: symbol.origin.extent,
                                                        feature: symbol.origin.feature))
            }
        }
    }

    // MARK: Order

    /// Every layer's features, the top layer first; extrusions among the layers by distance, each
    /// coming before the layer it belongs to at the latest (GL's _flattenAndSortRenderedFeatures).
    private func flattened(_ found: [String: [Hit]]) -> [Hit] {
        let layers = context.style.layers
        var index: [String: Int] = [:]
        var extruded: [Hit] = []
        for (i, layer) in layers.enumerated() where layer.type == "fill-extrusion" {
            index[layer.id] = i
            extruded += found[layer.id] ?? []
        }
        // Farthest first, so the nearest is taken from the end.
        extruded.sort { $0.distance > $1.distance }
        var result: [Hit] = []
        for (i, layer) in layers.enumerated().reversed() {
            if layer.type == "fill-extrusion" {
                while let nearest = extruded.last, let at = index[nearest.layer.id], at >= i {
                    result.append(nearest)
                    extruded.removeLast()
                }
            } else {
                result += found[layer.id] ?? []
            }
        }
        return result
    }
}

import Foundation
import MapWireCanvas
import MapWireProtocol
import MapWireRenderer
import MapWireStyle

/// Queries about the map's frame (PROTOCOL.md 7.13): the frame's scene built as for drawing, then asked
/// instead of drawn. The features go back as GeoJSON text.
extension RendererPlugin {
    func answer(_ query: Mapwire_V1_QueryFeatures) -> Mapwire_V1_QueryFeaturesResult {
        var result = Mapwire_V1_QueryFeaturesResult()
        let (missing, unusable) = cache.ingest(query.frame.resources)
        notice(unusable)
        guard missing.isEmpty else {
            result.missingKeys = missing
            return result
        }
        do {
            let (scene, _) = try SceneBuilder.scene(for: query.frame, cache: cache, atlases: atlases)
            let features: [QueriedFeature]
            switch query.query {
            case .rendered(let asked): features = try renderer.queryRenderedFeatures(scene, try Self.question(asked))
            case .source(let asked): features = try renderer.querySourceFeatures(scene, try Self.question(asked))
            case nil: throw RendererPluginError("the query asks for neither rendered nor source features")
            }
            result.featuresJson = features.geoJSONText
            result.count = UInt32(features.count)
        } catch {
            logger.warning("query not answered: \(error)")
            result.error = "\(error)"
        }
        return result
    }

    static func question(_ asked: Mapwire_V1_QueryRenderedFeatures) throws -> RenderedFeatureQuestion {
        let geometry: RenderedFeatureQuestion.Geometry
        switch asked.geometry {
        case .point(let p): geometry = .point(Point2D(x: p.x, y: p.y))
        case .box(let box): geometry = .box(Point2D(x: box.min.x, y: box.min.y), Point2D(x: box.max.x, y: box.max.y))
        case nil: throw RendererPluginError("the query has neither a point nor a box")
        }
        return RenderedFeatureQuestion(geometry: geometry, layers: asked.layers.isEmpty ? nil : Set(asked.layers),
                                       filter: try filter(asked.filterJson))
    }

    static func question(_ asked: Mapwire_V1_QuerySourceFeatures) throws -> SourceFeatureQuestion {
        SourceFeatureQuestion(sourceID: asked.source, sourceLayer: asked.sourceLayer.isEmpty ? nil : asked.sourceLayer,
                              filter: try filter(asked.filterJson))
    }

    /// A filter given as JSON text; empty: none.
    static func filter(_ json: String) throws -> StyleFilter? {
        guard !json.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
            throw RendererPluginError("the query's filter is not JSON")
        }
        do { return try StyleFilter(json: parsed) } catch { throw RendererPluginError("the query's filter does not parse: \(error)") }
    }
}

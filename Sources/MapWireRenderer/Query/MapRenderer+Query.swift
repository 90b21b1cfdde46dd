import Foundation
import MapWireJSON
import MapWireStyle

/// Queries about a scene as the renderer would draw it (PROTOCOL.md 7.13): the same tiles, GeoJSON cut
/// the same way, labels placed as a frame places them.
extension MapRenderer {
    /// The features drawn at the question's point or box, top down (`RenderedFeatureSearch`). A layer
    /// the question names that the style lacks is an error.
    public func queryRenderedFeatures(_ scene: RenderScene, _ question: RenderedFeatureQuestion) throws -> [QueriedFeature] {
        let context = try paintContext(for: scene)
        if let asked = question.layers {
            let known = Set(context.style.layers.map(\.id))
            if let unknown = asked.sorted().first(where: { !known.contains($0) }) {
                throw FeatureQueryError("the style has no layer \"\(unknown)\"")
            }
        }
        let placed = symbols.placedSymbols(context.style.layers, context, view: Self.view(of: scene))
        return RenderedFeatureSearch(context: context, question: question, layerJSON: try Self.layerJSON(scene.styleJSON))
            .run(placed: placed)
    }

    /// The features of a source in the scene's tiles (`SourceFeatureSearch`). A source the style lacks is
    /// an error; a vector source needs its source layer named.
    public func querySourceFeatures(_ scene: RenderScene, _ question: SourceFeatureQuestion) throws -> [QueriedFeature] {
        let context = try paintContext(for: scene)
        guard let source = context.style.sources[question.sourceID] else {
            throw FeatureQueryError("the style has no source \"\(question.sourceID)\"")
        }
        if source.type == "vector", (question.sourceLayer ?? "").isEmpty {
            throw FeatureQueryError("source \"\(question.sourceID)\" is a vector source: name its source layer")
        }
        return SourceFeatureSearch(context: context, question: question).run()
    }

    /// Each layer of the style as it is written (references resolved), by id.
    static func layerJSON(_ styleJSON: Data) throws -> [String: JSONValue] {
        let root = try StyleLayers.root(of: styleJSON)
        let layers = try LayerReferences.resolving((root["layers"] as? [Any]) ?? [])
        var result: [String: JSONValue] = [:]
        for case let object as [String: Any] in layers {
            guard let id = object["id"] as? String, result[id] == nil else { continue }
            result[id] = JSONValue(foundation: object)
        }
        return result
    }
}

/// Why a query could not be answered.
public struct FeatureQueryError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

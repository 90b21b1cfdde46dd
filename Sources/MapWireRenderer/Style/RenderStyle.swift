import Foundation
import MapWireJSON
import MapEngine

/// A style compiled for drawing: its layers in order and what the renderer needs of its sources.
struct RenderStyle {
    struct Source {
        let type: String
        let tileSize: Int
        let maxZoom: Int
        let minZoom: Int
        /// GeoJSON tiling options.
        let buffer: Int
        let tolerance: Double
    }

    let layers: [RenderLayer]
    let sources: [String: Source]
    /// What could not be read: layers left out, properties drawn with their defaults.
    let problems: [String]

    init(json data: Data) throws {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw RenderStyleError("the style is not a JSON object")
        }
        let rawLayers = (root["layers"] as? [Any]) ?? []
        let resolved: [Any]
        do { resolved = try StyleDocument.resolvingReferences(rawLayers) }
        catch { throw RenderStyleError(error.message) }
        var layers: [RenderLayer] = []
        var problems: [String] = []
        for case let object as [String: Any] in resolved {
            let id = object["id"] as? String ?? "?"
            do {
                let layer = try RenderLayer(json: object)
                problems += layer.problems.map { "layer \(id): \($0)" }
                layers.append(layer)
            } catch {
                problems.append("layer \(id) left out: \(error)")
            }
        }
        self.layers = layers
        self.problems = problems
        var sources: [String: Source] = [:]
        for (id, value) in (root["sources"] as? [String: Any]) ?? [:] {
            guard let object = value as? [String: Any] else { continue }
            let type = object["type"] as? String ?? ""
            sources[id] = Source(
                type: type,
                tileSize: FoundationJSON.int(object["tileSize"]) ?? 512,
                maxZoom: FoundationJSON.int(object["maxzoom"]) ?? (type == "geojson" ? 18 : 22),
                minZoom: FoundationJSON.int(object["minzoom"]) ?? 0,
                buffer: FoundationJSON.int(object["buffer"]) ?? 128,
                tolerance: FoundationJSON.double(object["tolerance"]) ?? 0.375)
        }
        self.sources = sources
    }
}

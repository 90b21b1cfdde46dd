import Foundation
import MapWireRenderSuite
import MapWireStyle

/// Applies a render test's runtime-styling operation to the style it holds, so the result can be
/// loaded as a whole style; images and camera changes are returned for the driver to send.
enum StyleOperations {
    enum Outcome {
        case styleChanged
        case camera(zoom: Double?, bearing: Double?, center: (Double, Double)?, pitch: Double?)
        /// An image the style gets once it is loaded (add-style-image), as GL's map.addImage.
        case image(id: String, path: URL, sdf: Bool, pixelRatio: Double)
        case nothing
    }

    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    static func apply(_ operation: RenderOperation, to style: inout [String: Any]) throws -> Outcome {
        var layers = style["layers"] as? [[String: Any]] ?? []
        // GL resolves `ref` layers when it loads a style: a change to one afterwards changes its own copy
        // of what it took from the layer it named, not that layer.
        if layers.contains(where: { $0["ref"] != nil }), let resolved = try? LayerReferences.resolving(layers) as? [[String: Any]] {
            layers = resolved
        }
        func layerIndex(_ id: String) throws -> Int {
            guard let index = layers.firstIndex(where: { $0["id"] as? String == id }) else {
                throw Unsupported(description: "no layer \(id)")
            }
            return index
        }
        func json(_ data: Data) -> Any? { try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
        switch operation {
        case .wait:
            return .nothing
        case .setStyle(let data):
            guard let replacement = json(data) as? [String: Any] else { throw Unsupported(description: "setStyle without a style object") }
            style = replacement
            return .styleChanged
        case .addLayer(let data, let before):
            guard let layer = json(data) as? [String: Any] else { throw Unsupported(description: "addLayer without a layer object") }
            if let before, let index = layers.firstIndex(where: { $0["id"] as? String == before }) {
                layers.insert(layer, at: index)
            } else {
                layers.append(layer)
            }
        case .removeLayer(let id):
            layers.remove(at: try layerIndex(id))
        case .setPaintProperty(let id, let name, let value), .setLayoutProperty(let id, let name, let value):
            let index = try layerIndex(id)
            let group: String
            if case .setPaintProperty = operation { group = "paint" } else { group = "layout" }
            var properties = layers[index][group] as? [String: Any] ?? [:]
            properties[name] = json(value)
            if properties[name] is NSNull { properties[name] = nil }
            layers[index][group] = properties
        case .setFilter(let id, let filter):
            let index = try layerIndex(id)
            layers[index]["filter"] = filter.flatMap(json)
        case .addSource(let id, let source):
            var sources = style["sources"] as? [String: Any] ?? [:]
            sources[id] = json(source)
            style["sources"] = sources
            return .styleChanged
        case .removeSource(let id):
            var sources = style["sources"] as? [String: Any] ?? [:]
            sources[id] = nil
            style["sources"] = sources
            return .styleChanged
        case .setZoom(let zoom): return .camera(zoom: zoom, bearing: nil, center: nil, pitch: nil)
        case .setBearing(let bearing): return .camera(zoom: nil, bearing: bearing, center: nil, pitch: nil)
        case .setPitch(let pitch): return .camera(zoom: nil, bearing: nil, center: nil, pitch: pitch)
        case .setCenter(let lon, let lat): return .camera(zoom: nil, bearing: nil, center: (lon, lat), pitch: nil)
        case .addImage(let id, let path, let sdf, let pixelRatio):
            return .image(id: id, path: path, sdf: sdf ?? false, pixelRatio: pixelRatio ?? 1)
        case .unknown(let name):
            throw Unsupported(description: "unknown operation \(name)")
        }
        style["layers"] = layers
        return .styleChanged
    }
}

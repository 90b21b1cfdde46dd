/// Layers written with the old `ref` property take type, source, source-layer, zoom range, filter and layout
/// from the layer they name (which must come earlier), as style-spec v8 allowed. The engine, reading a style
/// for its loading sequence, and the renderer, drawing it, resolve them the same way.
public enum LayerReferences {
    /// A `ref` naming no earlier layer.
    public struct UnknownLayer: Error, Equatable, CustomStringConvertible {
        public let layer: String
        public let reference: String
        public var description: String { "layer \"\(layer)\" refers to unknown layer \"\(reference)\"" }
    }

    /// The layers (JSON objects as JSONSerialization gives them) with every `ref` replaced by what it names.
    public static func resolving(_ layers: [Any]) throws(UnknownLayer) -> [Any] {
        var byID: [String: [String: Any]] = [:]
        var resolved: [Any] = []
        for item in layers {
            guard var layer = item as? [String: Any] else { resolved.append(item); continue }
            if let ref = layer["ref"] as? String {
                guard let parent = byID[ref] else {
                    throw UnknownLayer(layer: layer["id"] as? String ?? "?", reference: ref)
                }
                for key in ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"] {
                    if let value = parent[key] { layer[key] = value }
                }
                layer["ref"] = nil
            }
            if let id = layer["id"] as? String { byID[id] = layer }
            resolved.append(layer)
        }
        return resolved
    }
}

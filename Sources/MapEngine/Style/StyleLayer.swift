import MapWireJSON
import MapWireStyle

/// One entry of a style's `layers`: what the core needs to know about it (the renderer reads the rest).
public struct StyleLayer: Equatable, Sendable {
    public var id: String
    public var type: String
    public var source: String?
    public var sourceLayer: String?
    public var minZoom: Double
    public var maxZoom: Double
    public var visible: Bool
    /// `layout.text-font` of a symbol layer: the font stack its labels need glyphs from.
    public var textFont: [String]?
    /// Whether a symbol layer shows text (needs glyphs).
    public var hasText: Bool

    init(json: Any, index: Int) throws(StyleError) {
        guard let object = json as? [String: Any] else { throw StyleError("layer #\(index) is not a JSON object") }
        guard let id = object["id"] as? String else { throw StyleError("layer #\(index) has no \"id\"") }
        guard let type = object["type"] as? String else { throw StyleError("layer \"\(id)\" has no \"type\"") }
        guard StyleReference.layerTypes.contains(type) else { throw StyleError("layer \"\(id)\" has unknown type \"\(type)\"") }
        self.id = id
        self.type = type
        source = object["source"] as? String
        sourceLayer = object["source-layer"] as? String
        minZoom = FoundationJSON.double(object["minzoom"]) ?? 0
        maxZoom = FoundationJSON.double(object["maxzoom"]) ?? 24
        let layout = object["layout"] as? [String: Any] ?? [:]
        visible = (layout["visibility"] as? String) != "none"
        hasText = type == "symbol" && layout["text-field"] != nil
        textFont = hasText ? ((layout["text-font"] as? [Any])?.compactMap { $0 as? String } ?? ["Open Sans Regular", "Arial Unicode MS Regular"]) : nil
        if type != "background", source == nil {
            throw StyleError("layer \"\(id)\" of type \(type) needs a \"source\"")
        }
    }
}

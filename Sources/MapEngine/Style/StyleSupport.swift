import Foundation
import MapWireStyle

/// Something in a style that MapWire does not draw as MapLibre would: published once per style as a
/// `style-warning` event (and so shown by `mapwire monitor`, `mapwire up` and `mapwire snapshot`), never
/// dropped quietly. The style still loads: MapLibre Native also loads a style with a layer type it does
/// not know, leaving that layer out with a warning.
public struct StyleWarning: Hashable, Sendable {
    public var message: String
    /// The layer the warning is about, if it is about one.
    public var layerID: String?

    public init(_ message: String, layerID: String? = nil) {
        self.message = message
        self.layerID = layerID
    }
}

/// What of the style specification MapWire does not draw, and the rule that finds it in a style.
enum StyleSupport {
    /// Layer properties the renderer does not apply, each with the value it draws as (nil: the warning
    /// comes whenever the property is set). Every other property of the style specification's reference is drawn.
    static let propertiesNotDrawn: [String: String?] = [
        "symbol-z-order": nil,
        "icon-keep-upright": "false",
        "icon-pitch-alignment": "viewport",
        "line-round-limit": nil,
        "fill-extrusion-rounded-corner-distance": nil,
    ]

    /// The vector tile encodings MapWire decodes (MapLibre Vector Tiles and MapLibre Tiles).
    static let decodedEncodings: Set<String> = ["mvt", "mlt"]

    /// Root members drawn as if absent, and why.
    static let rootMembersNotDrawn: [String: String] = [
        "terrain": "terrain is not drawn: the map is drawn flat",
    ]

    /// Every warning for a style: its root members, sources and layers (already resolved from `ref`), in
    /// that order, each once.
    static func warnings(root: [String: Any], layers: [Any]) -> [StyleWarning] {
        var found: [StyleWarning] = []
        for member in rootMembersNotDrawn.keys.sorted() where root[member] != nil && !(root[member] is NSNull) {
            found.append(StyleWarning(rootMembersNotDrawn[member]!))
        }
        if let projection = root["projection"] as? [String: Any], let type = projection["type"], (type as? String) != "mercator" {
            found.append(StyleWarning("projection \(describe(type)) is drawn as Mercator (the globe is not drawn)"))
        }
        found += spriteWarnings(root["sprite"])
        for (id, source) in ((root["sources"] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key }) {
            found += sourceWarnings(id, source as? [String: Any] ?? [:])
        }
        for case let layer as [String: Any] in layers { found += layerWarnings(layer) }
        var seen = Set<StyleWarning>()
        return found.filter { seen.insert($0).inserted }
    }

    /// The URL of the sprite whose icons have no prefix: the style's `sprite` string, or the entry with id
    /// "default" of a sprite array (the style specification's multiple sprites); the others are not loaded.
    static func defaultSprite(_ sprite: Any?) -> String? {
        if let url = sprite as? String { return url }
        let entries = (sprite as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        return entries.first { $0["id"] as? String == "default" }?["url"] as? String
    }

    static func spriteWarnings(_ sprite: Any?) -> [StyleWarning] {
        let entries = (sprite as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        return entries.compactMap { $0["id"] as? String }.filter { $0 != "default" }.map {
            StyleWarning("sprite \"\($0)\" of the style's sprite array is not loaded: its icons (\"\($0):…\") are missing")
        }
    }

    static func sourceWarnings(_ id: String, _ source: [String: Any]) -> [StyleWarning] {
        switch source["type"] as? String {
        case "video":
            [StyleWarning("source \"\(id)\": video sources are not drawn (MapLibre left them out)")]
        case "vector" where (source["encoding"] as? String).map({ !decodedEncodings.contains($0) }) ?? false:
            [StyleWarning("source \"\(id)\": tiles of encoding \"\(source["encoding"]!)\" are not decoded: its layers draw nothing")]
        default:
            []
        }
    }

    /// A layer's warnings: a type the specification does not have (the layer is left out), a type known
    /// but not drawn, properties the specification does not have or that are not drawn.
    static func layerWarnings(_ layer: [String: Any]) -> [StyleWarning] {
        let id = layer["id"] as? String ?? "?"
        guard let type = layer["type"] as? String else { return [] }
        guard StyleReference.layerTypes.contains(type) else {
            return [StyleWarning("layer \"\(id)\" has type \"\(type)\", which the style specification does not have: left out", layerID: id)]
        }
        var found: [StyleWarning] = []
        for (group, known) in [("layout", StyleReference.layoutProperties(of: type)), ("paint", StyleReference.paintProperties(of: type))] {
            for (name, value) in ((layer[group] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key }) {
                if known?[name] == nil {
                    found.append(StyleWarning("layer \"\(id)\": \(group) property \"\(name)\" is not in the style specification for \(type) layers: ignored",
                                              layerID: id))
                } else if let drawnAs = propertiesNotDrawn[name], drawnAs == nil || drawnAs != describePlain(value) {
                    let how = drawnAs.map { " (drawn as \($0))" } ?? ""
                    found.append(StyleWarning("layer \"\(id)\": \(name) is not applied\(how)", layerID: id))
                }
            }
        }
        return found
    }

    private static func describe(_ value: Any) -> String {
        (value as? String).map { "\"\($0)\"" } ?? "(an expression)"
    }

    private static func describePlain(_ value: Any) -> String? {
        switch value {
        case let string as String: string
        case let bool as Bool: bool ? "true" : "false"
        default: nil
        }
    }
}

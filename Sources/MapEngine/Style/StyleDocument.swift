import Foundation
import MapWireGeometry
import MapWireJSON
import MapWireStyle

/// A parsed style (specification v8): what the core needs to run the loading sequence.
public struct StyleDocument: Sendable {
    public var name: String?
    /// The style's default camera, where it gives one.
    public var center: LngLat?
    public var zoom: Double?
    public var bearing: Double?
    public var pitch: Double?
    /// Sources in document order (ids are unique).
    public var sources: [(id: String, spec: SourceSpecification)]
    public var layers: [StyleLayer]
    /// The sprite base URL (`<sprite>.json` / `<sprite>.png`), already resolved.
    public var sprite: String?
    /// The glyph URL template with `{fontstack}` and `{range}`, already resolved.
    public var glyphs: String?
    /// The URL the style came from (relative URLs resolve against it).
    public var baseURL: String?
    /// The style JSON for the renderer: as it was given (without inline GeoJSON `data`, which travels as
    /// resources of its own), or as the runtime style commands left it.
    public internal(set) var json: Data
    /// What of the style MapWire does not draw (StyleSupport.swift): published once as style-warning events.
    public var warnings: [StyleWarning]
    /// The inline GeoJSON `data` objects of the style's sources as they were written, by source id.
    public internal(set) var inlineGeoJSON: [String: Data]

    public init(data: Data, baseURL: String?) throws(StyleError) {
        let inline: InlineGeoJSON
        do { inline = try InlineGeoJSON(style: data) }
        catch { throw StyleError("the style is not valid JSON: \(error)") }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: inline.style) }
        catch { throw StyleError("the style is not valid JSON: \(Self.describe(error))") }
        guard let root = parsed as? [String: Any] else { throw StyleError("the style must be a JSON object") }
        guard let version = FoundationJSON.number(root["version"]) else { throw StyleError("the style has no \"version\"") }
        guard version.double == 8 else { throw StyleError("style version \(JSONValue.number(version.double).serialized) is not supported (only 8)") }
        self.baseURL = baseURL
        json = inline.style
        inlineGeoJSON = inline.data
        name = root["name"] as? String
        if let c = (root["center"] as? [Any])?.compactMap(FoundationJSON.double), c.count == 2 {
            center = LngLat(longitude: c[0], latitude: c[1])
        }
        zoom = FoundationJSON.double(root["zoom"])
        bearing = FoundationJSON.double(root["bearing"])
        pitch = FoundationJSON.double(root["pitch"])
        sprite = StyleSupport.defaultSprite(root["sprite"]).map { URLResolver.resolve($0, against: baseURL) }
        glyphs = (root["glyphs"] as? String).map { URLResolver.resolve($0, against: baseURL) }

        guard let sourceObject = root["sources"] as? [String: Any] else { throw StyleError("the style has no \"sources\" object") }
        var sources: [(String, SourceSpecification)] = []
        // JSONSerialization loses key order; sort for a stable, reproducible request order.
        for id in sourceObject.keys.sorted() {
            do { sources.append((id, try SourceSpecification(json: sourceObject[id]!, inlineGeoJSON: inline.data[id], baseURL: baseURL))) }
            catch { throw StyleError("source \"\(id)\": \(error.message)") }
        }
        self.sources = sources

        guard let layerArray = root["layers"] as? [Any] else { throw StyleError("the style has no \"layers\" array") }
        var layers: [StyleLayer] = []
        var seen = Set<String>()
        let resolvedLayers: [Any]
        do { resolvedLayers = try LayerReferences.resolving(layerArray) }
        catch { throw StyleError(error.description) }
        for (index, item) in resolvedLayers.enumerated() {
            // A layer of a type the specification does not have is left out with a warning, as MapLibre Native does.
            if let type = (item as? [String: Any])?["type"] as? String, !StyleReference.layerTypes.contains(type) { continue }
            let layer = try StyleLayer(json: item, index: index)
            guard seen.insert(layer.id).inserted else { throw StyleError("duplicate layer id \"\(layer.id)\"") }
            if let source = layer.source, !sourceObject.keys.contains(source) {
                throw StyleError("layer \"\(layer.id)\" uses undefined source \"\(source)\"")
            }
            layers.append(layer)
        }
        self.layers = layers
        warnings = StyleSupport.warnings(root: root, layers: resolvedLayers)
    }

    /// The font stacks symbol layers need glyphs from, each once, in layer order.
    public var fontStacks: [[String]] {
        var seen = Set<[String]>()
        return layers.compactMap { $0.visible ? $0.textFont : nil }.filter { seen.insert($0).inserted }
    }

    private static func describe(_ error: Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? String(describing: error)
    }
}

import Foundation
import MapWireStyle

/// How every runtime style command changes the style: it edits the style's JSON (StyleModel.swift) and the
/// renderers get the result under a new key. Nothing is loaded again: renderers keep the tiles, glyphs and
/// images they decoded (those are keyed by their own content), and no style-loaded is published: a change
/// in place is not a new style (the Mapbox MapEvents reference publishes style-data-loaded only while a
/// style loads).
extension Map {
    /// The current style, to be changed; refused while no style is parsed.
    func editedStyle() throws(MapCommandError) -> StyleModel {
        guard let style else { throw MapCommandError("no style is loaded: set a style first", reason: .refusedInState) }
        if let model = runtime.model { return model }
        let model = try StyleModel(json: style.json, inlineGeoJSON: style.inlineGeoJSON)
        runtime.model = model
        return model
    }

    /// Takes a changed style: the map's view of its layers follows, renderers get it under a new key, glyphs
    /// of font stacks it did not use before load, and the next frame draws it.
    func commit(_ model: StyleModel) {
        let stacksBefore = style?.fontStacks ?? []
        runtime.model = model
        style?.layers = model.layers.enumerated().compactMap { try? StyleLayer(json: $1, index: $0) }
        style?.json = model.rendererJSON(globalState: runtime.globalState, featureStates: runtime.featureStates)
        styleKey = freshKey("style")
        if phase == .loaded, let stacks = style?.fontStacks, !Set(stacks).isSubset(of: stacksBefore) { loadGlyphs() }
        warn(StyleSupport.warnings(root: model.root, layers: model.layers))
        requestFrame()
    }

    /// Publishes the warnings not yet published for this style.
    func warn(_ warnings: [StyleWarning]) {
        for warning in warnings where runtime.warned.insert(warning).inserted { publish(.styleWarning(warning)) }
    }

    /// The style as it is now (get-style), as JSON text: layers, sources (GeoJSON with the data set at run
    /// time), light, sky, terrain, projection, sprite and the rest as the commands left them.
    public func currentStyleJSON() throws(MapCommandError) -> String {
        let model = try editedStyle()
        var data: [String: StyleModel.SourceData] = [:]
        for id in runtime.dataChanged {
            data[id] = runtime.dataURLs[id].map { .url($0) } ?? sources[id]?.wholeData.map { .geojson($0.data) } ?? .null
        }
        return String(decoding: model.documentJSON(sourceData: data), as: UTF8.self)
    }

    /// A value a command gives as JSON text, as JSON objects (for the style) and as a style value (for
    /// validation); empty text is null (back to the default).
    static func value(_ text: String, _ what: String) throws(MapCommandError) -> (json: Any, value: StyleValue) {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return (NSNull(), .null) }
        let json = try StyleModel.parse(text, what)
        guard let value = StyleValue(json: json) else { throw MapCommandError("\(what) is not valid JSON") }
        return (json, value)
    }
}

extension StyleValidationError {
    /// As the map refuses a command with it.
    var refusal: MapCommandError { MapCommandError(message) }
}

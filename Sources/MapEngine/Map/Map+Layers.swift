import Foundation
import MapWireStyle

/// The layer calls of the runtime style API (MapLibre's addLayer, moveLayer, removeLayer,
/// setPaintProperty, setLayoutProperty, setFilter, setLayerZoomRange, getLayer). Each value is checked
/// as the style specification says; a refused call changes nothing.
extension Map {
    /// Layer types drawn from features (of vector or GeoJSON sources).
    static let featureLayerTypes: Set<String> = ["fill", "line", "symbol", "circle", "heatmap", "fill-extrusion"]

    /// Adds a layer (style-spec JSON) before the layer `before`, or above every layer when nil.
    public func addLayer(json: String, before: String?) throws(MapCommandError) {
        var model = try editedStyle()
        guard let object = try StyleModel.parse(json, "the layer") as? [String: Any], let value = StyleValue(json: object),
              case .object(let members) = value else { throw MapCommandError("the layer must be a JSON object") }
        do { try LayerValidation.checkLayer(members) } catch { throw error.refusal }
        let id = object["id"] as? String ?? ""
        guard model.index(ofLayer: id) == nil else { throw MapCommandError("there is already a layer with id \"\(id)\"") }
        try checkSource(of: object)
        var at = model.layers.count
        if let before {
            guard let index = model.index(ofLayer: before) else {
                throw MapCommandError("there is no layer \"\(before)\" to add layer \"\(id)\" before", reason: .notFound)
            }
            at = index
        }
        do { _ = try StyleLayer(json: object, index: at) } catch { throw MapCommandError(error.message) }
        model.layers.insert(object, at: at)
        commit(model)
    }

    /// The layer's source must be in the style and of a kind the layer draws.
    private func checkSource(of layer: [String: Any]) throws(MapCommandError) {
        guard let sourceID = layer["source"] as? String else { return }
        let id = layer["id"] as? String ?? "", type = layer["type"] as? String ?? ""
        guard let kind = sources[sourceID]?.spec.kind else {
            throw MapCommandError("layer \"\(id)\" uses source \"\(sourceID)\", which is not in the style", reason: .notFound)
        }
        let fits: Bool
        switch type {
        case "raster": fits = [.raster, .image, .video].contains(kind)
        case "hillshade", "color-relief": fits = kind == .rasterDEM
        case _ where Self.featureLayerTypes.contains(type): fits = kind == .vector || kind == .geojson
        default: fits = true
        }
        guard fits else { throw MapCommandError("layer \"\(id)\": a \(type) layer cannot draw the \(kind.rawValue) source \"\(sourceID)\"") }
        if kind == .vector, Self.featureLayerTypes.contains(type), layer["source-layer"] == nil {
            throw MapCommandError("layer \"\(id)\" must name the \"source-layer\" of vector source \"\(sourceID)\"")
        }
    }

    /// Removes a layer from the current style; the next frame draws without it.
    public func removeLayer(id: String) throws(MapCommandError) {
        var model = try editedStyle()
        model.layers.remove(at: try layerIndex(id, in: model))
        commit(model)
    }

    /// Moves a layer before the layer `before`, or above every layer when nil.
    public func moveLayer(id: String, before: String?) throws(MapCommandError) {
        var model = try editedStyle()
        let from = try layerIndex(id, in: model)
        if let before {
            guard model.index(ofLayer: before) != nil else {
                throw MapCommandError("there is no layer \"\(before)\" to move layer \"\(id)\" before", reason: .notFound)
            }
            guard before != id else { return }
        }
        let layer = model.layers.remove(at: from)
        model.layers.insert(layer, at: before.flatMap(model.index(ofLayer:)) ?? model.layers.count)
        commit(model)
    }

    /// Sets (or with null, resets) a paint property of a layer.
    public func setPaintProperty(layer id: String, name: String, value json: String) throws(MapCommandError) {
        try setProperty(layer: id, group: "paint", name: name, value: json)
    }

    /// Sets (or with null, resets) a layout property of a layer.
    public func setLayoutProperty(layer id: String, name: String, value json: String) throws(MapCommandError) {
        try setProperty(layer: id, group: "layout", name: name, value: json)
    }

    private func setProperty(layer id: String, group: String, name: String, value text: String) throws(MapCommandError) {
        var model = try editedStyle()
        let index = try layerIndex(id, in: model)
        let (json, value) = try Self.value(text, "the value of \(name)")
        let type = model.layers[index]["type"] as? String ?? ""
        do { try LayerValidation.checkProperty(name, value, layerType: type, paint: group == "paint") }
        catch { throw MapCommandError("layer \"\(id)\": \(error.message)") }
        var properties = model.layers[index][group] as? [String: Any] ?? [:]
        properties[name] = value == .null ? nil : json
        model.layers[index][group] = properties.isEmpty ? nil : properties
        commit(model)
    }

    /// Sets a layer's filter; null (or empty) removes it.
    public func setFilter(layer id: String, filter text: String) throws(MapCommandError) {
        var model = try editedStyle()
        let index = try layerIndex(id, in: model)
        let (json, value) = try Self.value(text, "the filter")
        do { try LayerValidation.checkFilter(value) } catch { throw MapCommandError("layer \"\(id)\": \(error.message)") }
        model.layers[index]["filter"] = value == .null ? nil : json
        commit(model)
    }

    /// Sets a layer's zoom range (minzoom inclusive, maxzoom exclusive); a bound not given is left as it is.
    public func setLayerZoomRange(layer id: String, minZoom: Double?, maxZoom: Double?) throws(MapCommandError) {
        var model = try editedStyle()
        let index = try layerIndex(id, in: model)
        var layer = model.layers[index]
        if let minZoom { layer["minzoom"] = minZoom }
        if let maxZoom { layer["maxzoom"] = maxZoom }
        do { try LayerValidation.checkZoomRange(min: StyleValue(json: layer["minzoom"]), max: StyleValue(json: layer["maxzoom"])) }
        catch { throw MapCommandError("layer \"\(id)\": \(error.message)") }
        model.layers[index] = layer
        commit(model)
    }

    /// One layer as it is now, as JSON text (get-layer).
    public func layerJSON(id: String) throws(MapCommandError) -> String {
        let model = try editedStyle()
        return String(decoding: StyleModel.serialize(model.layers[try layerIndex(id, in: model)]), as: UTF8.self)
    }

    /// The ids of the style's layers, bottom to top.
    public var layerIDs: [String] { style?.layers.map(\.id) ?? [] }

    private func layerIndex(_ id: String, in model: StyleModel) throws(MapCommandError) -> Int {
        guard let index = model.index(ofLayer: id) else { throw MapCommandError("there is no layer \"\(id)\"", reason: .notFound) }
        return index
    }
}

import MapEngine
import MapWireProtocol

// The commands that change the loaded style in place (PROTOCOL.md 7.3's style commands and 7.12's runtime
// style), as the map's calls. A new style command is a case here, a call on `Map`, and its name in the
// session's list of style edits.

extension Map {
    /// Applies a style edit; the map's effects (events, loads, frames) are carried out by the caller.
    func apply(styleEdit kind: Mapwire_V1_Command.OneOf_Kind) throws(MapCommandError) {
        switch kind {
        case .addSource(let c): try addSource(id: c.id, json: c.json)
        case .removeSource(let c): try removeSource(id: c.id)
        case .addStyleImage(let c): try addStyleImage(c.definition)
        case .removeStyleImage(let c): try removeStyleImage(id: c.id)
        case .removeLayer(let c): try removeLayer(id: c.id)
        case .addLayer(let c): try addLayer(json: c.json, before: c.hasBefore ? c.before : nil)
        case .moveLayer(let c): try moveLayer(id: c.id, before: c.hasBefore ? c.before : nil)
        case .setPaintProperty(let c): try setPaintProperty(layer: c.layer, name: c.name, value: c.valueJson)
        case .setLayoutProperty(let c): try setLayoutProperty(layer: c.layer, name: c.name, value: c.valueJson)
        case .setFilter(let c): try setFilter(layer: c.layer, filter: c.filterJson)
        case .setLayerZoomRange(let c):
            try setLayerZoomRange(layer: c.layer, minZoom: c.hasMinZoom ? c.minZoom : nil, maxZoom: c.hasMaxZoom ? c.maxZoom : nil)
        case .setSourceData(let c): try setSourceData(id: c.source, json: c.dataJson)
        case .updateSourceData(let c): try updateSourceData(id: c.source, diff: c.diffJson)
        case .setFeatureState(let c):
            try setFeatureState(source: c.source, sourceLayer: c.hasSourceLayer ? c.sourceLayer : nil, id: c.featureID, state: c.stateJson)
        case .removeFeatureState(let c):
            try removeFeatureState(source: c.source, sourceLayer: c.hasSourceLayer ? c.sourceLayer : nil,
                                   id: c.hasFeatureID ? c.featureID : nil, key: c.hasKey ? c.key : nil)
        case .setLight(let c): try setStyleRoot(.light, json: c.json)
        case .setSky(let c): try setStyleRoot(.sky, json: c.json)
        case .setTerrain(let c): try setStyleRoot(.terrain, json: c.json)
        case .setProjection(let c): try setStyleRoot(.projection, json: c.json)
        case .setGlobalStateProperty(let c): try setGlobalStateProperty(name: c.name, value: c.valueJson)
        case .setSprite(let c): try setSprite(url: c.url)
        default: throw MapCommandError("not a style edit")
        }
    }

    /// Answers a question about the style (get-style, get-layer, get-feature-state) with JSON text.
    func answer(styleQuestion kind: Mapwire_V1_Command.OneOf_Kind) throws(MapCommandError) -> String {
        switch kind {
        case .getStyle: try currentStyleJSON()
        case .getLayer(let c): try layerJSON(id: c.id)
        case .getFeatureState(let c):
            try featureStateJSON(source: c.source, sourceLayer: c.hasSourceLayer ? c.sourceLayer : nil, id: c.featureID)
        default: throw MapCommandError("not a style question")
        }
    }
}

import Foundation

/// Feature state (MapLibre's setFeatureState, removeFeatureState, getFeatureState): values per feature
/// that paint properties read with `feature-state` expressions. Renderers get it with the style.
extension Map {
    /// Merges `state` (a JSON object) into the state of one feature. Vector sources need the source layer;
    /// GeoJSON sources have none. Ids are the features' own (unsigned integers) unless the source has a
    /// `promoteId`.
    public func setFeatureState(source: String, sourceLayer: String?, id: String, state text: String) throws(MapCommandError) {
        let (model, layer) = try featureStateTarget(source: source, sourceLayer: sourceLayer)
        try checkFeatureID(id, source: source, model: model)
        guard let members = try StyleModel.parse(text, "the feature state") as? [String: Any] else {
            throw MapCommandError("the feature state must be a JSON object")
        }
        runtime.featureStates.merge(members, source: source, layer: layer, id: id)
        commit(model)
    }

    /// Removes one key of a feature's state, a feature's whole state (no key), or every state of the source
    /// (or of its source layer) (no id).
    public func removeFeatureState(source: String, sourceLayer: String?, id: String?, key: String?) throws(MapCommandError) {
        let (model, layer) = try featureStateTarget(source: source, sourceLayer: sourceLayer)
        if key != nil, id == nil { throw MapCommandError("a feature id is needed to remove one key of its state") }
        if let id { try checkFeatureID(id, source: source, model: model) }
        runtime.featureStates.remove(source: source, layer: sourceLayer == nil && id == nil ? nil : layer, id: id, key: key)
        commit(model)
    }

    /// One feature's state as a JSON object (empty when it has none).
    public func featureStateJSON(source: String, sourceLayer: String?, id: String) throws(MapCommandError) -> String {
        let (model, layer) = try featureStateTarget(source: source, sourceLayer: sourceLayer)
        try checkFeatureID(id, source: source, model: model)
        return String(decoding: StyleModel.serialize(runtime.featureStates.state(source: source, layer: layer, id: id)), as: UTF8.self)
    }

    /// The style, and the layer key feature state is kept under ("" for GeoJSON sources).
    private func featureStateTarget(source: String, sourceLayer: String?) throws(MapCommandError) -> (StyleModel, String) {
        let model = try editedStyle()
        guard let state = sources[source] else { throw MapCommandError("there is no source \"\(source)\"", reason: .notFound) }
        switch state.spec.kind {
        case .vector:
            guard let sourceLayer, !sourceLayer.isEmpty else {
                throw MapCommandError("source \"\(source)\" is a vector source: feature state needs its source layer")
            }
            return (model, sourceLayer)
        case .geojson:
            return (model, "")
        case .raster, .rasterDEM, .image, .video:
            throw MapCommandError("source \"\(source)\" is a \(state.spec.kind.rawValue) source: it has no features to hold state")
        }
    }

    /// A feature id as the source names its features: an unsigned integer (the features' own ids), or any
    /// text when the source promotes a property to ids. A GeoJSON source whose features have no ids refuses.
    private func checkFeatureID(_ id: String, source: String, model: StyleModel) throws(MapCommandError) {
        guard !id.isEmpty else { throw MapCommandError("a feature id is needed") }
        let sourceObject = (model.root["sources"] as? [String: Any])?[source] as? [String: Any]
        let promotes = sourceObject?["promoteId"] != nil
        guard promotes || UInt64(id) != nil else {
            throw MapCommandError("feature id \"\(id)\" is not an unsigned integer, and source \"\(source)\" has no promoteId")
        }
        guard !promotes, sources[source]?.spec.kind == .geojson, !geojsonHasIDs(source) else { return }
        throw MapCommandError("the features of source \"\(source)\" have no ids: give them an \"id\" or the source a \"promoteId\"",
                              reason: .refusedInState)
    }

    /// Whether any feature of a GeoJSON source's data has an id (read once per data; data still loading counts as having ids).
    private func geojsonHasIDs(_ source: String) -> Bool {
        guard let whole = sources[source]?.wholeData else { return true }
        if let known = runtime.geojsonHasIDs[source], known.dataKey == whole.key { return known.hasIDs }
        let features: [Any]
        switch try? JSONSerialization.jsonObject(with: whole.data) {
        case let object as [String: Any] where object["type"] as? String == "FeatureCollection": features = object["features"] as? [Any] ?? []
        case let object as [String: Any]: features = [object]
        default: features = []
        }
        let hasIDs = features.contains { GeoJSONFeatureIndex.id(of: $0 as? [String: Any] ?? [:], promoteID: nil) != nil }
        runtime.geojsonHasIDs[source] = (whole.key, hasIDs)
        return hasIDs
    }
}

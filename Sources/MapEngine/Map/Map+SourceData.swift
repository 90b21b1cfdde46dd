import Foundation
import MapWireGeometry
import MapWireVectorTile

/// A GeoJSON source's data changed at run time (MapLibre GL JS's setData and updateData). Only that source
/// changes: renderers get its new data under a new key and nothing else is loaded again. As when a source's
/// metadata arrives (the Mapbox MapEvents reference), source-data-loaded {metadata} comes first, then one
/// {tile} per tile of the view the source covers, the last with `loaded`.
extension Map {
    /// Replaces a GeoJSON source's data: GeoJSON as JSON text, or a JSON string, a URL to load it from.
    public func setSourceData(id: String, json text: String) throws(MapCommandError) {
        _ = try editedStyle()
        _ = try geojsonSource(id)
        let data = try StyleModel.parse(text, "the data of source \"\(id)\"")
        if let url = data as? String {
            guard !url.isEmpty else { throw MapCommandError("the data URL of source \"\(id)\" is empty") }
            stopLoadingData(of: id)
            sources[id]?.spec.url = URLResolver.resolve(url, against: style?.baseURL)
            sources[id]?.spec.inlineData = nil
            setMetadata(of: id, .pending)
            runtime.dataLoading.insert(id)
            runtime.dataChanged.insert(id)
            runtime.dataURLs[id] = url
            runtime.geojson[id] = nil
            // Before the sources step, that step loads it.
            if phase == .loaded || phase == .loadingSources { resolveMetadata(of: id) }
            return
        }
        do { try GeoJSONCheck.check(data) } catch { throw MapCommandError("the data of source \"\(id)\" is not GeoJSON: \(error)") }
        stopLoadingData(of: id)
        let bytes = Data(text.utf8)
        sources[id]?.spec.url = nil
        sources[id]?.spec.inlineData = bytes
        runtime.dataChanged.insert(id)
        runtime.dataURLs[id] = nil
        runtime.geojson[id] = nil
        newData(bytes, of: id)
    }

    /// Changes some features of a GeoJSON source by id (a GL JS GeoJSONSourceDiff as JSON: `removeAll`,
    /// `remove`, `add`, `update`). Every feature needs an id (or the source a `promoteId`); a diff that names
    /// ids that are not there changes nothing.
    public func updateSourceData(id: String, diff text: String) throws(MapCommandError) {
        let model = try editedStyle()
        let state = try geojsonSource(id)
        guard state.metadata == .loaded, let whole = state.wholeData else {
            throw MapCommandError("the data of source \"\(id)\" has not loaded: nothing to update yet", reason: .refusedInState)
        }
        guard let diff = try StyleModel.parse(text, "the update of source \"\(id)\"") as? [String: Any] else {
            throw MapCommandError("the update of source \"\(id)\" must be a JSON object")
        }
        var index: GeoJSONFeatureIndex
        if let known = runtime.geojson[id] {
            index = known
        } else {
            guard let data = try? JSONSerialization.jsonObject(with: whole.data) else {
                throw MapCommandError("the data of source \"\(id)\" cannot be read")
            }
            index = try GeoJSONFeatureIndex(data: data, promoteID: promoteID(of: id, in: model), source: id)
        }
        try index.apply(diff, source: id)
        runtime.geojson[id] = index
        runtime.dataChanged.insert(id)
        runtime.dataURLs[id] = nil
        newData(index.data, of: id)
    }

    /// The GeoJSON source `id`; refused for a source that is not there or not GeoJSON.
    private func geojsonSource(_ id: String) throws(MapCommandError) -> SourceState {
        guard let state = sources[id] else { throw MapCommandError("there is no source \"\(id)\"", reason: .notFound) }
        guard state.spec.kind == .geojson else {
            throw MapCommandError("source \"\(id)\" is a \(state.spec.kind.rawValue) source: only GeoJSON sources take data")
        }
        return state
    }

    /// The source's `promoteId` for GeoJSON (a property name), from its style JSON.
    func promoteID(of sourceID: String, in model: StyleModel) -> String? {
        ((model.root["sources"] as? [String: Any])?[sourceID] as? [String: Any])?["promoteId"] as? String
    }

    /// Drops a load of the source's data still under way (new data replaces it).
    private func stopLoadingData(of id: String) {
        runtime.dataLoading.remove(id)
        guard let loadID = sources[id]?.metadataLoad else { return }
        sources[id]?.metadataLoad = nil
        if let load = pending.removeValue(forKey: loadID) { cancel(loadID, load) }
    }

    /// The source holds `data` now: renderers get it under a new key; its events follow.
    private func newData(_ data: Data, of id: String) {
        sources[id]?.wholeData = KeyedData(key: freshKey("inline"), data: data)
        sources[id]?.metadataFailure = nil
        setMetadata(of: id, .loaded)
        publish(.sourceDataLoaded(SourceDataLoaded(id: id, kind: .metadata)))
        if phase == .loadingSources { return finishSourcesIfReady() }
        publishDataTiles(of: id)
    }

    /// After new data's metadata event: one source-data-loaded {tile} per tile of the view the source
    /// covers (as the renderer cuts it), the last with `loaded`, and a frame.
    func publishDataTiles(of id: String) {
        runtime.dataLoading.remove(id)
        guard let spec = sources[id]?.spec, phase == .loaded else { return }
        let tiles = TileCover.tiles(for: Transform(camera: camera, size: size), tileSize: spec.tileSize, minZoom: spec.minZoom,
                                    maxZoom: spec.maxZoom, roundZoom: false)
        for (index, tile) in tiles.enumerated() {
            publish(.sourceDataLoaded(SourceDataLoaded(id: id, kind: .tile, loaded: index == tiles.count - 1, tileID: tile)))
        }
        requestFrame()
    }
}

import Foundation

/// What the runtime style commands changed in the current style; a new style starts afresh.
///
/// Not Sendable: it lives in the map, on the map's one thread.
struct RuntimeStyle {
    /// The editable style, made on the first change (StyleModel.swift).
    var model: StyleModel?
    /// Global state set at run time (set-global-state-property), over the style's `state` defaults.
    var globalState: [String: Any] = [:]
    /// Feature state (set-feature-state).
    var featureStates = FeatureStates()
    /// Whether each GeoJSON source's data (by its key) has feature ids, so feature state can name them.
    var geojsonHasIDs: [String: (dataKey: String, hasIDs: Bool)] = [:]
    /// GeoJSON sources whose data set at run time loads from a URL: source-data-loaded {tile} follows its metadata.
    var dataLoading: Set<String> = []
    /// A sprite set at run time is loading: its style-data-loaded {sprite} comes when it has.
    var spriteReloading = false
    /// GeoJSON sources' features by id, made on their first partial update (GeoJSONFeatureIndex.swift).
    var geojson: [String: GeoJSONFeatureIndex] = [:]
    /// GeoJSON sources whose data was set at run time: get-style shows the URL it loads from (`dataURLs`),
    /// or else the data the source holds.
    var dataChanged: Set<String> = []
    var dataURLs: [String: String] = [:]
    /// The style warnings published for this style: each is published once.
    var warned: Set<StyleWarning> = []
}

/// Feature state (GL's setFeatureState): per source, per source layer ("" for GeoJSON sources), per
/// feature id, the state's members. Renderers read it with the style (StyleModel.rendererJSON).
struct FeatureStates {
    typealias State = [String: Any]
    private(set) var sources: [String: [String: [String: State]]] = [:]

    var isEmpty: Bool { sources.isEmpty }

    func state(source: String, layer: String, id: String) -> State {
        sources[source]?[layer]?[id] ?? [:]
    }

    /// Merges `members` into the feature's state (members not named keep their values).
    mutating func merge(_ members: State, source: String, layer: String, id: String) {
        sources[source, default: [:]][layer, default: [:]][id, default: [:]].merge(members) { _, new in new }
    }

    /// Removes one member of a feature's state, a feature's whole state, or (id nil) every state of the
    /// source's layer (`layer` nil: of the whole source).
    mutating func remove(source: String, layer: String?, id: String?, key: String?) {
        guard sources[source] != nil else { return }
        switch (layer, id, key) {
        case (let layer?, let id?, let key?):
            sources[source]?[layer]?[id]?[key] = nil
            if sources[source]?[layer]?[id]?.isEmpty == true { sources[source]?[layer]?[id] = nil }
        case (let layer?, let id?, nil): sources[source]?[layer]?[id] = nil
        case (let layer?, nil, _): sources[source]?[layer] = nil
        case (nil, _, _): sources[source] = nil
        }
        if sources[source]?[layer ?? ""]?.isEmpty == true { sources[source]?[layer ?? ""] = nil }
        if sources[source]?.isEmpty == true { sources[source] = nil }
    }

    /// Drops the states of a source that is gone.
    mutating func forget(source: String) {
        sources[source] = nil
    }
}

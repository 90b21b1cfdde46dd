import Foundation
import MapWireStyle

/// The current style as JSON objects that the runtime style commands change in place: the root's members
/// and the layers in order (`ref`s resolved, as GL resolves them when it loads a style). Made from the
/// style's JSON on the first change; the renderer's copy and get-style's answer are written from it.
///
/// Not Sendable: it lives in the map, on the map's one thread.
struct StyleModel {
    /// The root object's members except `layers`.
    var root: [String: Any]
    var layers: [[String: Any]]
    /// The inline GeoJSON `data` cut out of the style's text, by source id (StyleDocument.inlineGeoJSON):
    /// read again only for get-style.
    var inlineGeoJSON: [String: Data]

    init(json: Data, inlineGeoJSON: [String: Data] = [:]) throws(MapCommandError) {
        self.inlineGeoJSON = inlineGeoJSON
        guard var root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw MapCommandError("the style's JSON cannot be edited")
        }
        let resolved: [Any]
        do { resolved = try LayerReferences.resolving(root["layers"] as? [Any] ?? []) }
        catch { throw MapCommandError(error.description) }
        layers = resolved.compactMap { $0 as? [String: Any] }
        root["layers"] = nil
        self.root = root
    }

    func index(ofLayer id: String) -> Int? {
        layers.firstIndex { $0["id"] as? String == id }
    }

    /// The member of the renderer's style that holds feature state (PROTOCOL.md 6.1): not the
    /// specification's, so it is prefixed.
    static let featureStateMember = "mapwire:feature-state"

    /// The JSON a renderer draws from: the global state set at run time in place of the `state` defaults,
    /// feature state, and no inline GeoJSON (a GeoJSON source's data travels as a resource of its own).
    func rendererJSON(globalState: [String: Any], featureStates: FeatureStates) -> Data {
        var root = self.root
        if !featureStates.isEmpty { root[Self.featureStateMember] = featureStates.sources }
        if !globalState.isEmpty {
            var state = root["state"] as? [String: Any] ?? [:]
            for (name, value) in globalState { state[name] = ["default": value] }
            root["state"] = state
        }
        if var sources = root["sources"] as? [String: Any] {
            for (id, source) in sources {
                guard var object = source as? [String: Any], object["type"] as? String == "geojson", object["data"] is [String: Any] else { continue }
                object["data"] = nil
                sources[id] = object
            }
            root["sources"] = sources
        }
        root["layers"] = layers
        return Self.serialize(root)
    }

    /// What get-style shows as a GeoJSON source's `data`.
    enum SourceData {
        case url(String)
        /// GeoJSON text, written with sorted keys as the rest of the style is.
        case geojson(Data)
        case null
    }

    /// The style as it is now (get-style): `sourceData` replaces the `data` of the GeoJSON sources it names;
    /// the others keep the inline data the style gave them. GeoJSON is written apart and spliced in, so a
    /// large source is never one tree of objects.
    func documentJSON(sourceData: [String: SourceData]) -> Data {
        var root = self.root
        var written: [String: Data] = [:]
        if var sources = root["sources"] as? [String: Any] {
            var data = sourceData
            for (id, text) in inlineGeoJSON where data[id] == nil { data[id] = .geojson(text) }
            for (id, value) in data {
                guard var object = sources[id] as? [String: Any] else { continue }
                switch value {
                case .url(let url): object["data"] = url
                case .null: object["data"] = NSNull()
                case .geojson(let text):
                    let placeholder = Self.placeholder()
                    object["data"] = placeholder
                    written[placeholder] = SortedGeoJSONText.written(text) ?? Data("null".utf8)
                }
                sources[id] = object
            }
            root["sources"] = sources
        }
        root["layers"] = layers
        return Self.serialize(root, replacing: written)
    }

    /// Compact JSON with sorted keys, so equal styles read the same.
    static func serialize(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])) ?? Data("null".utf8)
    }

    /// A string no JSON text holds by chance, to stand in a tree for a value written apart.
    static func placeholder() -> String { "mapwire:written:" + UUID().uuidString }

    /// `serialize(object)` with each placeholder string in it (a `placeholder()`) replaced by the JSON text
    /// `written` gives for it.
    static func serialize(_ object: Any, replacing written: [String: Data]) -> Data {
        let outer = serialize(object)
        guard !written.isEmpty else { return outer }
        let spots = written.compactMap { placeholder, text in
            outer.range(of: Data(#""\#(placeholder)""#.utf8)).map { (range: $0, text: text) }
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var out = Data()
        out.reserveCapacity(spots.reduce(outer.count) { $0 + $1.text.count })
        var kept = outer.startIndex
        for spot in spots {
            out.append(outer[kept..<spot.range.lowerBound])
            out.append(spot.text)
            kept = spot.range.upperBound
        }
        out.append(outer[kept...])
        return out
    }

    /// Parses the JSON text a command carries (any JSON value); throws naming `what` when it is not JSON.
    static func parse(_ text: String, _ what: String) throws(MapCommandError) -> Any {
        do { return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
        catch { throw MapCommandError("\(what) is not valid JSON") }
    }
}

import Foundation
import MapWireJSON
import MapWireStyle
import MapWireNumerics
import MapWireVectorTile

/// A style compiled for drawing: its layers in order and what the renderer needs of its sources.
struct RenderStyle {
    struct Source {
        let type: String
        let tileSize: Int
        let maxZoom: Int
        let minZoom: Int
        /// GeoJSON tiling options.
        let buffer: Int
        let tolerance: Double
        /// GeoJSON point clustering, when the source asks for it.
        let cluster: GeoJSONClusterOptions?
        /// GeoJSON: whether lines carry where they are along their whole length (`line-gradient` needs it).
        let lineMetrics: Bool
        /// `raster-dem`: how pixels hold elevations.
        let demEncoding: DEMEncoding
        /// The property that holds features' ids for feature state (`promoteId`): for every source layer
        /// (`""`), or per source layer.
        let promoteIDs: [String: String]

        /// The property holding the ids of features of `sourceLayer`, if the source promotes one.
        func promoteID(sourceLayer: String) -> String? { promoteIDs[sourceLayer] ?? promoteIDs[""] }
    }

    let layers: [RenderLayer]
    /// The style's `light` (for extrusions), read like a layer whose properties are named
    /// `light-anchor`, `light-color`, `light-intensity`, `light-position`.
    /// Nil only if it could not be read at all (it has no filter, so it always can).
    let light: RenderLayer?
    /// The style's `sky`, read like a layer of its properties (`sky-color`, `horizon-color`, …); nil when
    /// the style has none (GL then leaves the space above the horizon transparent).
    let sky: RenderLayer?
    let sources: [String: Source]
    /// What could not be read: layers left out, properties drawn with their defaults.
    let problems: [String]
    /// Feature state, as the core sends it with the style: source → source layer ("" for GeoJSON) →
    /// feature id → state.
    let featureStates: [String: [String: [String: [String: StyleValue]]]]
    /// What decides whether cached work survives a change of style (MapRenderer.compiledStyle): each
    /// layer's filter and data (source, source layer) as JSON values; the style but for paint properties
    /// and feature state (what places labels); and the global state. Values, not JSON text: writing the
    /// style out again with sorted keys took most of a change's time (a paint change took 2.3 frames).
    let filterSignatures: [String: JSONValue]
    let placementSignature: JSONValue
    let globalState: [String: StyleValue]

    init(json data: Data) throws {
        let root = try StyleLayers.root(of: data)
        let compiled = try StyleLayers.compile(root)
        layers = compiled.layers
        globalState = StyleLayers.globalState(of: root)
        var featureStates: [String: [String: [String: [String: StyleValue]]]] = [:]
        for (source, layers) in root[Self.featureStateMember] as? [String: [String: [String: Any]]] ?? [:] {
            featureStates[source] = layers.mapValues { ids in ids.compactMapValues { StyleValue(json: $0)?.object } }
        }
        self.featureStates = featureStates
        var filterSignatures: [String: JSONValue] = [:]
        var unpainted: [Any] = []
        for case var layer as [String: Any] in (try? LayerReferences.resolving(root["layers"] as? [Any] ?? [])) ?? [] {
            guard let id = layer["id"] as? String else { continue }
            let parts: [String: Any] = ["filter": layer["filter"] ?? NSNull(), "source": layer["source"] ?? NSNull(),
                                        "source-layer": layer["source-layer"] ?? NSNull()]
            filterSignatures[id] = Self.signature(parts)
            layer["paint"] = nil
            unpainted.append(layer)
        }
        self.filterSignatures = filterSignatures
        var problems = compiled.problems
        var lightPaint: [String: Any] = [:]
        for (name, value) in (root["light"] as? [String: Any]) ?? [:] { lightPaint["light-\(name)"] = value }
        let light = try? RenderLayer(json: ["id": "light", "type": "light", "paint": lightPaint])
        self.light = light
        problems += light?.problems.map { "light: \($0)" } ?? []
        let sky = (root["sky"] as? [String: Any]).flatMap { try? RenderLayer(json: ["id": "sky", "type": "sky", "paint": $0]) }
        self.sky = sky
        problems += sky?.problems.map { "sky: \($0)" } ?? []
        self.problems = problems
        var sources: [String: Source] = [:]
        for (id, value) in (root["sources"] as? [String: Any]) ?? [:] {
            guard let object = value as? [String: Any] else { continue }
            let type = object["type"] as? String ?? ""
            // Numbers clamped to what tile cover and tiling can take: a tileSize of 0 or a
            // maxzoom of -1 or 1e300 would trap there.
            func integer(_ key: String, _ fallback: Int, _ range: ClosedRange<Int>) -> Int {
                let value = FoundationJSON.double(object[key]).map { Int(saturating: $0) } ?? fallback
                return min(max(value, range.lowerBound), range.upperBound)
            }
            let zooms = GeoJSONTiler.zoomRange
            let tolerance = FoundationJSON.double(object["tolerance"]) ?? 0.375
            var promoteIDs: [String: String] = [:]
            switch object["promoteId"] {
            case let name as String: promoteIDs[""] = name
            case let byLayer as [String: Any]: promoteIDs = byLayer.compactMapValues { $0 as? String }
            default: break
            }
            sources[id] = Source(
                type: type,
                tileSize: integer("tileSize", 512, 1...8192),
                maxZoom: integer("maxzoom", type == "geojson" ? 18 : 22, zooms),
                minZoom: integer("minzoom", 0, zooms),
                buffer: integer("buffer", 128, 0...512),
                tolerance: tolerance.isFinite && tolerance >= 0 ? tolerance : 0.375,
                cluster: type == "geojson" && object["cluster"] as? Bool == true
                    ? GeoJSONClusterOptions(
                        radius: max(0, FoundationJSON.double(object["clusterRadius"]) ?? 50),
                        maxZoom: integer("clusterMaxZoom", integer("maxzoom", 18, zooms) - 1, 0...(zooms.upperBound - 1)),
                        minPoints: integer("clusterMinPoints", 2, 2...Int(Int32.max)))
                    : nil,
                lineMetrics: type == "geojson" && object["lineMetrics"] as? Bool == true,
                demEncoding: DEMEncoding(source: object),
                promoteIDs: promoteIDs)
        }
        self.sources = sources
        var sourceObjects = root["sources"] as? [String: Any] ?? [:]
        // Inline GeoJSON is data, not the source: it reaches renderers as a resource of its own.
        for (id, value) in sourceObjects {
            guard var object = value as? [String: Any], object["data"] != nil, !(object["data"] is String) else { continue }
            object["data"] = nil
            sourceObjects[id] = object
        }
        var placement = root
        placement["sources"] = sourceObjects
        placement["layers"] = unpainted
        placement[Self.featureStateMember] = nil
        placementSignature = Self.signature(placement)
    }

    /// The member the core adds to the style it sends with feature state (PROTOCOL.md 6.1).
    static let featureStateMember = "mapwire:feature-state"

    /// The JSON as a value to compare (keys sorted); what is not JSON compares as null.
    private static func signature(_ object: Any) -> JSONValue {
        JSONValue(foundation: object) ?? .null
    }
}

struct RenderStyleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

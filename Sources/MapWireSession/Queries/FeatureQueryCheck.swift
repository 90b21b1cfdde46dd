import Foundation
import MapEngine
import MapWireProtocol
import MapWireStyle

/// Whether a query command can be asked of a renderer now (PROTOCOL.md 7.13): a style to ask about, a
/// renderer to ask, a point or box on (or near) the screen, layers and a source the style has, a filter
/// that parses. Refused with the protocol's error codes; a refused query asks nothing and changes nothing.
enum FeatureQueryCheck {
    /// What the check needs to know of the map.
    struct MapFacts {
        /// A style is there to query (parsed, not failed).
        var hasStyle: Bool
        var rendererPresent: Bool
        var width: Double
        var height: Double
        var layerIDs: Set<String>
        /// Source id → its type ("vector", "geojson" …).
        var sourceTypes: [String: String]
    }

    /// How far beyond the screen's edges a query may reach, in px: a box larger than the view is a
    /// question (everything in view), one thousands of screens wide is a mistake.
    static let maxReachBeyondScreen = 65_536.0

    /// The question for a renderer, or why the command is refused.
    static func check(_ kind: Mapwire_V1_Command.OneOf_Kind, _ facts: MapFacts) -> Result<Mapwire_V1_QueryFeatures.OneOf_Query, MapCommandError> {
        Result { () throws(MapCommandError) -> Mapwire_V1_QueryFeatures.OneOf_Query in
            switch kind {
            case .queryRenderedFeatures(let query):
                try checkGeometry(query, facts)
                try checkState(facts)
                if let unknown = query.layers.first(where: { !facts.layerIDs.contains($0) }) {
                    throw MapCommandError("the style has no layer \"\(unknown)\"", reason: .notFound)
                }
                try checkFilter(query.filterJson)
                return .rendered(query)
            case .querySourceFeatures(let query):
                guard !query.source.isEmpty else { throw MapCommandError("query-source-features needs a source id") }
                try checkState(facts)
                guard let type = facts.sourceTypes[query.source] else {
                    throw MapCommandError("the style has no source \"\(query.source)\"", reason: .notFound)
                }
                if type == "vector", query.sourceLayer.isEmpty {
                    throw MapCommandError("source \"\(query.source)\" is a vector source: name the source layer to query")
                }
                guard type == "vector" || type == "geojson" else {
                    throw MapCommandError("source \"\(query.source)\" is a \(type) source: only vector and geojson sources have features")
                }
                try checkFilter(query.filterJson)
                return .source(query)
            default:
                throw MapCommandError("not a query command")
            }
        }
    }

    private static func checkState(_ facts: MapFacts) throws(MapCommandError) {
        guard facts.hasStyle else { throw MapCommandError("no style is loaded: there is nothing to query", reason: .refusedInState) }
        guard facts.rendererPresent else {
            throw MapCommandError("no renderer plugin is attached: queries are answered by the renderer", reason: .refusedInState)
        }
    }

    private static func checkGeometry(_ query: Mapwire_V1_QueryRenderedFeatures, _ facts: MapFacts) throws(MapCommandError) {
        let points: [Mapwire_V1_ScreenPoint]
        switch query.geometry {
        case .point(let p): points = [p]
        case .box(let box): points = [box.min, box.max]
        case nil: throw MapCommandError("query-rendered-features needs a point or a box")
        }
        let reach = maxReachBeyondScreen
        for p in points {
            guard p.x.isFinite, p.y.isFinite else {
                throw MapCommandError("a query's coordinates must be finite numbers (got \(p.x), \(p.y))")
            }
            guard p.x >= -reach, p.x <= facts.width + reach, p.y >= -reach, p.y <= facts.height + reach else {
                throw MapCommandError("a query's point (\(p.x), \(p.y)) is more than \(Int(reach)) px off the \(Int(facts.width))×\(Int(facts.height)) screen")
            }
        }
    }

    private static func checkFilter(_ json: String) throws(MapCommandError) {
        guard !json.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) }
        catch { throw MapCommandError("the query's filter is not JSON: \(json.prefix(80))") }
        do { _ = try StyleFilter(json: parsed) }
        catch { throw MapCommandError("the query's filter does not parse: \(error)") }
    }
}

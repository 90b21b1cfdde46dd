import Foundation
import MapWireJSON

/// One style layer, compiled for drawing: its filter and every paint and layout property parsed once.
/// The renderer draws with it and the label rule (which glyphs a label needs) reads the same layers.
public struct RenderLayer: Sendable {
    public let id: String
    public let type: String
    public let source: String?
    public let sourceLayer: String?
    public let minZoom: Double
    public let maxZoom: Double
    public let visible: Bool
    public let filter: StyleFilter?
    public let paint: [String: PropertyValue]
    public let layout: [String: PropertyValue]

    /// Properties that could not be read, with why: they are left out (the layer still draws with
    /// their defaults), as GL engines do with a style validation error.
    public private(set) var problems: [String] = []

    /// `globalState`: the style's global state (its `state` defaults, with what was set at run time), what
    /// `global-state` reads in the layer's filter and properties.
    public init(json: [String: Any], globalState: [String: StyleValue]? = nil) throws {
        id = json["id"] as? String ?? ""
        type = json["type"] as? String ?? ""
        source = json["source"] as? String
        sourceLayer = json["source-layer"] as? String
        minZoom = FoundationJSON.double(json["minzoom"]) ?? 0
        maxZoom = FoundationJSON.double(json["maxzoom"]) ?? 24
        filter = try json["filter"].map { try StyleFilter(json: $0, globalState: globalState) }
        var problems: [String] = []
        paint = Self.properties(json["paint"], globalState: globalState, problems: &problems)
        layout = Self.properties(json["layout"], globalState: globalState, problems: &problems)
        self.problems = problems
        visible = (json["layout"] as? [String: Any])?["visibility"] as? String != "none"
    }

    private static func properties(_ json: Any?, globalState: [String: StyleValue]?, problems: inout [String]) -> [String: PropertyValue] {
        guard let object = json as? [String: Any] else { return [:] }
        var result: [String: PropertyValue] = [:]
        for (name, value) in object where !name.hasSuffix("-transition") && name != "visibility" {
            do { result[name] = try PropertyValue(json: value, kind: PropertyKinds.kind(of: name), globalState: globalState) }
            catch { problems.append("\(name): \(error)") }
        }
        return result
    }

    /// Whether the layer draws at this zoom (minzoom inclusive, maxzoom exclusive).
    public func isVisible(atZoom zoom: Double) -> Bool {
        visible && zoom >= minZoom && zoom < maxZoom
    }

    public func number(_ name: String, _ context: EvaluationContext, _ fallback: Double) -> Double {
        (paint[name] ?? layout[name])?.number(context, default: fallback) ?? fallback
    }

    public func color(_ name: String, _ context: EvaluationContext, _ fallback: StyleColor) -> StyleColor {
        (paint[name] ?? layout[name])?.color(context, default: fallback) ?? fallback
    }

    public func string(_ name: String, _ context: EvaluationContext, _ fallback: String) -> String {
        (paint[name] ?? layout[name])?.string(context, default: fallback) ?? fallback
    }

    public func bool(_ name: String, _ context: EvaluationContext, _ fallback: Bool) -> Bool {
        (paint[name] ?? layout[name])?.bool(context, default: fallback) ?? fallback
    }

    public func numbers(_ name: String, _ context: EvaluationContext, _ fallback: [Double]) -> [Double] {
        (paint[name] ?? layout[name])?.numbers(context, default: fallback) ?? fallback
    }

    public func colors(_ name: String, _ context: EvaluationContext, _ fallback: [StyleColor]) -> [StyleColor] {
        (paint[name] ?? layout[name])?.colors(context, default: fallback) ?? fallback
    }
}

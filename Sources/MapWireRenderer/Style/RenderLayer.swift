import Foundation
import MapWireJSON
import MapWireStyle

/// One style layer, compiled for drawing: its filter and every paint and layout property parsed once.
struct RenderLayer {
    let id: String
    let type: String
    let source: String?
    let sourceLayer: String?
    let minZoom: Double
    let maxZoom: Double
    let visible: Bool
    let filter: StyleFilter?
    let paint: [String: PropertyValue]
    let layout: [String: PropertyValue]

    /// Properties that could not be read, with why: they are left out (the layer still draws with
    /// their defaults), as GL engines do with a style validation error.
    private(set) var problems: [String] = []

    init(json: [String: Any]) throws {
        id = json["id"] as? String ?? ""
        type = json["type"] as? String ?? ""
        source = json["source"] as? String
        sourceLayer = json["source-layer"] as? String
        minZoom = FoundationJSON.double(json["minzoom"]) ?? 0
        maxZoom = FoundationJSON.double(json["maxzoom"]) ?? 24
        filter = try json["filter"].map { try StyleFilter(json: $0) }
        var problems: [String] = []
        paint = Self.properties(json["paint"], problems: &problems)
        layout = Self.properties(json["layout"], problems: &problems)
        self.problems = problems
        visible = (json["layout"] as? [String: Any])?["visibility"] as? String != "none"
    }

    private static func properties(_ json: Any?, problems: inout [String]) -> [String: PropertyValue] {
        guard let object = json as? [String: Any] else { return [:] }
        var result: [String: PropertyValue] = [:]
        for (name, value) in object where !name.hasSuffix("-transition") && name != "visibility" {
            do { result[name] = try PropertyValue(json: value, kind: PropertyKinds.kind(of: name)) }
            catch { problems.append("\(name): \(error)") }
        }
        return result
    }

    /// Whether the layer draws at this zoom (minzoom inclusive, maxzoom exclusive).
    func isVisible(atZoom zoom: Double) -> Bool {
        visible && zoom >= minZoom && zoom < maxZoom
    }

    func number(_ name: String, _ context: EvaluationContext, _ fallback: Double) -> Double {
        (paint[name] ?? layout[name])?.number(context, default: fallback) ?? fallback
    }

    func color(_ name: String, _ context: EvaluationContext, _ fallback: StyleColor) -> StyleColor {
        (paint[name] ?? layout[name])?.color(context, default: fallback) ?? fallback
    }

    func string(_ name: String, _ context: EvaluationContext, _ fallback: String) -> String {
        (paint[name] ?? layout[name])?.string(context, default: fallback) ?? fallback
    }

    func bool(_ name: String, _ context: EvaluationContext, _ fallback: Bool) -> Bool {
        (paint[name] ?? layout[name])?.bool(context, default: fallback) ?? fallback
    }

    func numbers(_ name: String, _ context: EvaluationContext, _ fallback: [Double]) -> [Double] {
        (paint[name] ?? layout[name])?.numbers(context, default: fallback) ?? fallback
    }
}

struct RenderStyleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

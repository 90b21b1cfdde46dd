import Foundation

/// A style's layers compiled in order: `ref`s resolved, a layer that cannot be read left out and named in
/// the problems, as GL engines skip a layer that fails validation. What the renderer draws and what the
/// label rule reads.
public enum StyleLayers {
    /// Why a style could not be compiled at all.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The style's top-level JSON object.
    public static func root(of json: Data) throws(Unreadable) -> [String: Any] {
        guard let root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw Unreadable("the style is not a JSON object")
        }
        return root
    }

    /// The layers of `root`, with what could not be read of them.
    public static func compile(_ root: [String: Any]) throws(Unreadable) -> (layers: [RenderLayer], problems: [String]) {
        let resolved: [Any]
        do { resolved = try LayerReferences.resolving((root["layers"] as? [Any]) ?? []) }
        catch { throw Unreadable(error.description) }
        var layers: [RenderLayer] = []
        var problems: [String] = []
        let state = globalState(of: root)
        for case let object as [String: Any] in resolved {
            let id = object["id"] as? String ?? "?"
            do {
                let layer = try RenderLayer(json: object, globalState: state)
                problems += layer.problems.map { "layer \(id): \($0)" }
                layers.append(layer)
            } catch {
                problems.append("layer \(id) left out: \(error)")
            }
        }
        return (layers, problems)
    }

    /// The style's global state: each entry of its `state` object with its `default` (what `global-state` reads).
    public static func globalState(of root: [String: Any]) -> [String: StyleValue] {
        var state: [String: StyleValue] = [:]
        for (name, entry) in root["state"] as? [String: Any] ?? [:] {
            state[name] = StyleValue(json: (entry as? [String: Any])?["default"]) ?? .null
        }
        return state
    }
}

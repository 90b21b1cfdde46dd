import Foundation

/// What the style specification's reference says about the properties of each layer type and of the
/// style's light, sky, terrain and projection: what the runtime style commands validate against.
public enum StyleReference {
    /// Layer types, and per group the property specifications, read once from the table.
    private struct Parsed: Sendable {
        let groups: [String: [String: PropertySpecification]]
        let layerTypes: Set<String>
    }

    private static let parsed: Parsed = {
        guard let object = try? JSONSerialization.jsonObject(with: Data(table.utf8)), case .object(let root)? = StyleValue(json: object) else {
            preconditionFailure("StyleReference.table is not a JSON object")
        }
        var groups: [String: [String: PropertySpecification]] = [:]
        for (group, members) in root {
            guard case .object(let properties) = members else { continue }
            groups[group] = properties.mapValues(PropertySpecification.init(json:))
        }
        let types = root["layer-types"]?.array?.compactMap(\.string) ?? []
        return Parsed(groups: groups, layerTypes: Set(types))
    }()

    /// The layer types the specification has.
    public static var layerTypes: Set<String> { parsed.layerTypes }

    /// A layer type's layout properties; nil for a type the reference does not know.
    public static func layoutProperties(of layerType: String) -> [String: PropertySpecification]? {
        parsed.groups["layout_\(layerType)"]
    }

    /// A layer type's paint properties; nil for a type the reference does not know.
    public static func paintProperties(of layerType: String) -> [String: PropertySpecification]? {
        parsed.groups["paint_\(layerType)"]
    }

    /// The properties of one of the style's root objects: "light", "sky", "terrain" or "projection".
    public static func properties(of rootObject: String) -> [String: PropertySpecification]? {
        parsed.groups[rootObject]
    }
}

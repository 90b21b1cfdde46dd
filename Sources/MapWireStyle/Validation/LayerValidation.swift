/// Checks what the runtime style commands give as a whole: a layer (add-layer), a filter, a layer's
/// paint or layout property, the light, sky, terrain and projection, as the style specification's
/// validator checks them. What the style around them must hold (a layer's source exists, ids are
/// unique) is the map's to check.
public enum LayerValidation {
    /// The members a layer object may have.
    static let layerMembers: Set<String> = ["id", "type", "metadata", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout", "paint"]

    /// Layer types the map takes besides the specification's (Mapbox's sky layer): their properties are not checked.
    static let otherLayerTypes: Set<String> = ["sky"]

    /// A whole layer object.
    public static func checkLayer(_ layer: [String: StyleValue]) throws(StyleValidationError) {
        guard case .string(let id)? = layer["id"], !id.isEmpty else { throw StyleValidationError("a layer needs a non-empty string \"id\"") }
        guard case .string(let type)? = layer["type"] else { throw StyleValidationError("layer \"\(id)\" needs a string \"type\"") }
        guard StyleReference.layerTypes.contains(type) || otherLayerTypes.contains(type) else {
            throw StyleValidationError("layer \"\(id)\": unknown type \"\(type)\" (one of \(StyleReference.layerTypes.sorted().joined(separator: ", ")))")
        }
        for key in layer.keys.sorted() where !layerMembers.contains(key) {
            throw StyleValidationError("layer \"\(id)\": unknown property \"\(key)\"\(key == "ref" ? " (ref layers cannot be added at run time)" : "")")
        }
        for key in ["source", "source-layer"] {
            if let value = layer[key], value.string == nil {
                throw StyleValidationError("layer \"\(id)\": \(key): string expected, \(PropertyValidation.typeName(value)) found")
            }
        }
        if type != "background", !otherLayerTypes.contains(type), layer["source"] == nil {
            throw StyleValidationError("layer \"\(id)\": a \(type) layer needs a \"source\"")
        }
        do { try checkZoomRange(min: layer["minzoom"], max: layer["maxzoom"]) }
        catch { throw StyleValidationError("layer \"\(id)\": \(error.message)") }
        if let filter = layer["filter"] {
            do { try checkFilter(filter) }
            catch { throw StyleValidationError("layer \"\(id)\": \(error.message)") }
        }
        for group in ["layout", "paint"] {
            guard let members = layer[group] else { continue }
            guard case .object(let properties) = members else {
                throw StyleValidationError("layer \"\(id)\": \(group): object expected, \(PropertyValidation.typeName(members)) found")
            }
            for name in properties.keys.sorted() {
                do { try checkProperty(name, properties[name]!, layerType: type, paint: group == "paint") }
                catch { throw StyleValidationError("layer \"\(id)\": \(error.message)") }
            }
        }
    }

    /// One paint or layout property of a layer of `layerType`; null (back to the default) always fits a
    /// property the layer type has.
    public static func checkProperty(_ name: String, _ value: StyleValue, layerType: String, paint: Bool) throws(StyleValidationError) {
        let group = paint ? StyleReference.paintProperties(of: layerType) : StyleReference.layoutProperties(of: layerType)
        guard let group else {
            guard otherLayerTypes.contains(layerType) else { throw StyleValidationError("unknown layer type \"\(layerType)\"") }
            return
        }
        let kind = paint ? "paint" : "layout"
        if paint, name.hasSuffix("-transition") {
            let base = String(name.dropLast("-transition".count))
            guard let spec = group[base], spec.transition else {
                throw StyleValidationError("\(name): \(layerType) layers have no \(kind) property \"\(base)\" that transitions")
            }
            if value != .null { try PropertyValidation.checkTransition(value, name: name) }
            return
        }
        guard let spec = group[name] else {
            throw StyleValidationError("\(name): \(layerType) layers have no \(kind) property \"\(name)\"")
        }
        try PropertyValidation.check(value, name: name, spec: spec)
    }

    /// A layer filter (null: none). Filters may read the zoom and the feature, never its state.
    public static func checkFilter(_ value: StyleValue) throws(StyleValidationError) {
        let filter: StyleFilter
        do { filter = try StyleFilter(value: value) }
        catch { throw StyleValidationError("filter: \(error.description)") }
        if filter.readsFeatureState {
            throw StyleValidationError("filter: \"feature-state\" data expressions are not supported with filters")
        }
    }

    /// A layer's minzoom and maxzoom: numbers in 0...24, the first not above the second.
    public static func checkZoomRange(min: StyleValue?, max: StyleValue?) throws(StyleValidationError) {
        var bounds: [Double] = []
        for (name, value) in [("minzoom", min), ("maxzoom", max)] {
            guard let value, value != .null else { bounds.append(name == "minzoom" ? 0 : 24); continue }
            guard case .number(let zoom) = value else {
                throw StyleValidationError("\(name): number expected, \(PropertyValidation.typeName(value)) found")
            }
            guard zoom.isFinite, (0...24).contains(zoom) else { throw StyleValidationError("\(name): \(zoom) is outside 0...24") }
            bounds.append(zoom)
        }
        if bounds[0] > bounds[1] { throw StyleValidationError("minzoom \(bounds[0]) is above maxzoom \(bounds[1])") }
    }

    /// One of the style's root objects ("light", "sky", "terrain", "projection") as a whole.
    public static func checkRootObject(_ name: String, _ value: StyleValue) throws(StyleValidationError) {
        guard let properties = StyleReference.properties(of: name) else { throw StyleValidationError("the style has no \"\(name)\"") }
        guard case .object(let members) = value else {
            throw StyleValidationError("\(name): object expected, \(PropertyValidation.typeName(value)) found")
        }
        for key in members.keys.sorted() {
            guard let spec = properties[key] else {
                if key.hasSuffix("-transition"), properties[String(key.dropLast("-transition".count))]?.transition == true {
                    try PropertyValidation.checkTransition(members[key]!, name: "\(name).\(key)")
                    continue
                }
                throw StyleValidationError("\(name): unknown property \"\(key)\" (one of \(properties.keys.sorted().joined(separator: ", ")))")
            }
            try PropertyValidation.check(members[key]!, name: "\(name).\(key)", spec: spec)
        }
        for (key, spec) in properties.sorted(by: { $0.key < $1.key }) where spec.required && members[key] == nil {
            throw StyleValidationError("\(name): \"\(key)\" is required")
        }
    }
}

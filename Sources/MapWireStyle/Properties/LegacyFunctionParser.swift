/// Reads a legacy function object: {"type", "stops", "base", "property", "default", "colorSpace"}.
struct LegacyFunctionParser {
    let kind: StylePropertyKind

    func parse(_ members: [String: StyleValue]) throws(StyleExpressionError) -> any ExpressionNode {
        let type = try functionType(members["type"])
        let base = try number(members["base"], named: "base") ?? 1
        let colorSpace = try self.colorSpace(members["colorSpace"])
        let defaultValue = try members["default"].map { (json) throws(StyleExpressionError) in
            try output(json, at: ".default")
        }
        var property: String? = nil
        if let json = members["property"] {
            guard case .string(let name) = json else { throw .invalid(message: "property must be a string", path: ".property") }
            property = name
        }
        let pairs = try stopPairs(members["stops"], required: type != .identity)
        let expandsTokens = kind.acceptsTokens
            && pairs.contains { if case .string(let text) = $0.1 { return text.contains("{") } else { return false } }

        func stops(_ pairs: [(StyleValue, StyleValue)], at path: String) throws(StyleExpressionError) -> LegacyStops {
            var numeric: [Double] = []
            if type == .exponential || type == .interval {
                for (index, pair) in pairs.enumerated() {
                    guard case .number(let input) = pair.0 else {
                        throw .invalid(message: "\(type.rawValue) stop inputs must be numbers", path: "\(path)[\(index)][0]")
                    }
                    numeric.append(input)
                }
            }
            return LegacyStops(
                type: type, inputs: pairs.map(\.0), numericInputs: numeric, outputs: pairs.map(\.1), base: base,
                colorSpace: colorSpace, kind: kind)
        }

        let shape: LegacyFunctionNode.Shape
        var inputs: ExpressionInputs = expandsTokens ? .feature : []
        if case .object? = pairs.first?.0 {
            guard let property else {
                throw .invalid(message: "zoom-and-property stops need a \"property\"", path: ".property")
            }
            shape = try zoomAndProperty(property, pairs, stops: stops)
            inputs.formUnion([.zoom, .feature])
        } else if let property {
            shape = .property(property, try stops(pairs, at: ".stops"))
            inputs.insert(.feature)
        } else {
            shape = .zoom(try stops(pairs, at: ".stops"))
            inputs.insert(.zoom)
        }
        return LegacyFunctionNode(
            shape: shape, base: base, colorSpace: colorSpace, defaultValue: defaultValue,
            expandsTokens: expandsTokens, inputs: inputs)
    }

    /// Groups {"zoom", "value"} stops by zoom level (in the order given) into per-zoom property functions.
    private func zoomAndProperty(
        _ property: String, _ pairs: [(StyleValue, StyleValue)],
        stops: ([(StyleValue, StyleValue)], String) throws(StyleExpressionError) -> LegacyStops
    ) throws(StyleExpressionError) -> LegacyFunctionNode.Shape {
        var zooms: [Double] = []
        var groups: [[(StyleValue, StyleValue)]] = []
        for (index, pair) in pairs.enumerated() {
            guard case .object(let key) = pair.0, case .number(let zoom)? = key["zoom"], let value = key["value"] else {
                throw .invalid(message: "zoom-and-property stop keys are {\"zoom\": number, \"value\": …}", path: ".stops[\(index)][0]")
            }
            if zooms.last == zoom {
                groups[groups.count - 1].append((value, pair.1))
            } else {
                if let last = zooms.last, zoom < last {
                    throw .invalid(message: "stop zoom levels must ascend", path: ".stops[\(index)][0].zoom")
                }
                zooms.append(zoom)
                groups.append([(value, pair.1)])
            }
        }
        var perZoom: [LegacyStops] = []
        for group in groups {
            perZoom.append(try stops(group, ".stops"))
        }
        // Across zoom levels, interpolatable properties interpolate (whatever the per-zoom type, as the
        // reference engine does); the rest take the lower zoom level's value.
        let interpolates = kind.isInterpolatable
        return .zoomAndProperty(property, zooms: zooms, perZoom: perZoom, interpolates: interpolates)
    }

    private func stopPairs(_ json: StyleValue?, required: Bool) throws(StyleExpressionError) -> [(StyleValue, StyleValue)] {
        guard let json else {
            if required { throw .invalid(message: "a function needs \"stops\"", path: ".stops") }
            return []
        }
        guard case .array(let items) = json, !items.isEmpty else {
            throw .invalid(message: "stops must be a non-empty array", path: ".stops")
        }
        var pairs: [(StyleValue, StyleValue)] = []
        for (index, item) in items.enumerated() {
            guard case .array(let pair) = item, pair.count == 2 else {
                throw .invalid(message: "each stop is [input, output]", path: ".stops[\(index)]")
            }
            pairs.append((pair[0], try output(pair[1], at: ".stops[\(index)][1]")))
        }
        return pairs
    }

    /// Coerces an output now so evaluation does no parsing; text stays a string so tokens can expand.
    private func output(_ json: StyleValue, at path: String) throws(StyleExpressionError) -> StyleValue {
        if kind.acceptsTokens, case .string = json { return json }
        guard let value = PropertyCoercion.coerce(json, to: kind) else {
            if kind == .color, case .string(let text) = json { throw .invalidColor(text, path: path) }
            throw .invalid(message: "\(json.jsonText) does not fit this property", path: path)
        }
        return value
    }

    private func functionType(_ json: StyleValue?) throws(StyleExpressionError) -> LegacyFunctionType {
        guard let json else { return kind.isInterpolatable ? .exponential : .interval }
        guard case .string(let name) = json, let type = LegacyFunctionType(rawValue: name) else {
            throw .invalid(message: "unknown function type \(json.jsonText)", path: ".type")
        }
        return type
    }

    private func colorSpace(_ json: StyleValue?) throws(StyleExpressionError) -> InterpolationColorSpace {
        switch json {
        case nil, .string("rgb")?: return .rgb
        case .string("lab")?: return .lab
        case .string("hcl")?: return .hcl
        default: throw .invalid(message: "colorSpace must be \"rgb\", \"lab\" or \"hcl\"", path: ".colorSpace")
        }
    }

    private func number(_ json: StyleValue?, named name: String) throws(StyleExpressionError) -> Double? {
        guard let json else { return nil }
        guard case .number(let number) = json else { throw .invalid(message: "\(name) must be a number", path: "." + name) }
        return number
    }
}

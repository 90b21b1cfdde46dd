extension FeatureValue {
    /// Result of reading a `Tile.Value`, which must carry exactly one of the seven spec 2.1 types.
    enum ProtobufReading {
        case value(FeatureValue)
        case noType
        case severalTypes
    }

    /// Unknown fields (future extensions) are ignored; only the known types count.
    static func read(_ value: VectorTile_Tile.Value) -> ProtobufReading {
        var found: [FeatureValue] = []
        if value.hasStringValue { found.append(.string(value.stringValue)) }
        if value.hasFloatValue { found.append(.double(Double(value.floatValue))) }
        if value.hasDoubleValue { found.append(.double(value.doubleValue)) }
        if value.hasIntValue { found.append(.int(value.intValue)) }
        if value.hasUintValue { found.append(.uint(value.uintValue)) }
        if value.hasSintValue { found.append(.int(value.sintValue)) }
        if value.hasBoolValue { found.append(.bool(value.boolValue)) }
        switch found.count {
        case 0: return .noType
        case 1: return .value(found[0])
        default: return .severalTypes
        }
    }
}

import MapWireVectorTile

/// A feature property value as vector tiles store it.
public enum TileValue: Hashable, Sendable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)

    var protobuf: VectorTile_Tile.Value {
        var value = VectorTile_Tile.Value()
        switch self {
        case .string(let text): value.stringValue = text
        case .int(let number): value.sintValue = number
        case .double(let number): value.doubleValue = number
        case .bool(let flag): value.boolValue = flag
        }
        return value
    }

    /// Reads whichever field is set; nil for an empty value message.
    init?(_ value: VectorTile_Tile.Value) {
        if value.hasStringValue { self = .string(value.stringValue) }
        else if value.hasSintValue { self = .int(value.sintValue) }
        else if value.hasIntValue { self = .int(value.intValue) }
        else if value.hasUintValue { self = .int(Int64(clamping: value.uintValue)) }
        else if value.hasDoubleValue { self = .double(value.doubleValue) }
        else if value.hasFloatValue { self = .double(Double(value.floatValue)) }
        else if value.hasBoolValue { self = .bool(value.boolValue) }
        else { return nil }
    }
}

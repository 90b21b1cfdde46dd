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

    /// The demo has no unsigned case: large unsigned values are clamped into `.int`.
    init(_ value: FeatureValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .uint(let number): self = .int(Int64(clamping: number))
        case .double(let number): self = .double(number)
        case .bool(let flag): self = .bool(flag)
        }
    }
}

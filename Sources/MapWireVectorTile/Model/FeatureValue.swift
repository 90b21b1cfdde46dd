/// A feature property value. Float values are widened to `.double` so consumers handle one real type.
public enum FeatureValue: Hashable, Sendable {
    case string(String)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case bool(Bool)
}

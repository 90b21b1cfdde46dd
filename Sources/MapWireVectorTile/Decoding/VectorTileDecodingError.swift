/// Why a vector tile was rejected. Problems the spec marks recoverable (odd tag count, duplicate
/// layer names, unknown geometry type, missing geometry) are repaired by `MVTDecoder` instead.
/// MapLibre Tiles report every problem as `malformedMLT`.
public enum VectorTileDecodingError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a protocol buffer of the vector tile schema (truncated, garbage, wrong wire types).
    case malformedProtobuf(String)
    /// A field of the schema arrived with another wire type (e.g. a layer version sent as a string).
    case wrongWireType(field: Int, location: String)
    case missingLayerName(layerIndex: Int)
    case missingLayerVersion(layer: String)
    case unsupportedLayerVersion(layer: String, version: UInt32)
    case zeroExtent(layer: String)
    case valueWithoutType(layer: String, valueIndex: Int)
    case valueWithSeveralTypes(layer: String, valueIndex: Int)
    case keyIndexOutOfRange(layer: String, feature: Int, index: UInt32, keyCount: Int)
    case valueIndexOutOfRange(layer: String, feature: Int, index: UInt32, valueCount: Int)
    case invalidGeometry(layer: String, feature: Int, problem: GeometryProblem)
    /// A MapLibre Tile (MLT) that cannot be read: truncated, inconsistent or using what MLT does not define.
    case malformedMLT(layer: String, reason: String)

    public var description: String {
        switch self {
        case .malformedProtobuf(let reason):
            "not a vector tile protocol buffer: \(reason)"
        case .wrongWireType(let field, let location):
            "field \(field) of \(location) is encoded with the wrong protobuf wire type"
        case .missingLayerName(let index):
            "layer #\(index) has no name"
        case .missingLayerVersion(let layer):
            "layer \"\(layer)\" has no version"
        case .unsupportedLayerVersion(let layer, let version):
            "layer \"\(layer)\" has version \(version); only 1 and 2 are supported"
        case .zeroExtent(let layer):
            "layer \"\(layer)\" has an extent of 0"
        case .valueWithoutType(let layer, let index):
            "value #\(index) of layer \"\(layer)\" has none of the value types of spec 2.1"
        case .valueWithSeveralTypes(let layer, let index):
            "value #\(index) of layer \"\(layer)\" has more than one value type"
        case .keyIndexOutOfRange(let layer, let feature, let index, let count):
            "feature #\(feature) of layer \"\(layer)\" refers to key #\(index) but the layer has \(count) keys"
        case .valueIndexOutOfRange(let layer, let feature, let index, let count):
            "feature #\(feature) of layer \"\(layer)\" refers to value #\(index) but the layer has \(count) values"
        case .invalidGeometry(let layer, let feature, let problem):
            "feature #\(feature) of layer \"\(layer)\" has invalid geometry: \(problem)"
        case .malformedMLT(let layer, let reason):
            "not a readable MapLibre tile: layer \(layer): \(reason)"
        }
    }
}

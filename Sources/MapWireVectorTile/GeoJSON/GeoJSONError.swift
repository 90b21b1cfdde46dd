/// Why GeoJSON could not be used. `path` names the place in the document, e.g. `features[3].geometry`.
public indirect enum GeoJSONError: Error, Equatable, CustomStringConvertible {
    case invalidJSON(String)
    case notAnObject(path: String)
    case missingType(path: String)
    case unknownType(String, path: String)
    case missingMember(String, path: String)
    case invalidCoordinates(path: String)
    /// A collection with features, none of which could be read; carries the first problem.
    case everyFeatureInvalid(count: Int, first: GeoJSONError)
    case invalidOption(String)

    public var description: String {
        switch self {
        case .invalidJSON(let reason): "not valid JSON: \(reason)"
        case .notAnObject(let path): "\(path) is not a JSON object"
        case .missingType(let path): "\(path) has no \"type\""
        case .unknownType(let type, let path): "\(path) has unknown GeoJSON type \"\(type)\""
        case .missingMember(let member, let path): "\(path) has no valid \"\(member)\""
        case .invalidCoordinates(let path): "\(path) has invalid coordinates"
        case .everyFeatureInvalid(let count, let first): "none of the \(count) features is valid; first problem: \(first)"
        case .invalidOption(let reason): "invalid tiler option: \(reason)"
        }
    }
}

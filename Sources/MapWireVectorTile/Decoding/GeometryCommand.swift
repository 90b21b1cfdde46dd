/// The three drawing commands of the vector tile geometry encoding (spec 4.3.1).
public enum GeometryCommand: UInt32, Sendable, Equatable, CustomStringConvertible {
    case moveTo = 1
    case lineTo = 2
    case closePath = 7

    /// How many integers follow the command per repetition.
    var parameterCount: Int { self == .closePath ? 0 : 2 }

    public var description: String {
        switch self {
        case .moveTo: "MoveTo"
        case .lineTo: "LineTo"
        case .closePath: "ClosePath"
        }
    }
}

/// Why a feature's geometry command stream could not be read.
public enum GeometryProblem: Error, Equatable, CustomStringConvertible {
    case unknownCommand(id: UInt32)
    /// The command claims more repetitions than there are integers left; checked before anything
    /// is allocated so a huge count cannot exhaust memory.
    case commandCountExceedsParameters(command: GeometryCommand, count: Int, remainingIntegers: Int)
    case zeroCommandCount(GeometryCommand)
    case closePathCountNotOne(Int)
    case commandNotAllowed(GeometryCommand, in: FeatureGeometryType)
    case lineToBeforeMoveTo
    case closePathWithoutOpenRing
    /// Lines and polygon rings start with a MoveTo of exactly one point.
    case moveToCountNotOne(Int)
    case lineWithSinglePoint
    case ringWithoutClosePath
    case ringTooShort(points: Int)

    public var description: String {
        switch self {
        case .unknownCommand(let id): "unknown command id \(id)"
        case .commandCountExceedsParameters(let command, let count, let remaining):
            "\(command) repeats \(count) times but only \(remaining) integers remain"
        case .zeroCommandCount(let command): "\(command) with a count of 0"
        case .closePathCountNotOne(let count): "ClosePath with a count of \(count) (must be 1)"
        case .commandNotAllowed(let command, let type): "\(command) is not allowed in \(type) geometry"
        case .lineToBeforeMoveTo: "LineTo without a preceding MoveTo"
        case .closePathWithoutOpenRing: "ClosePath without an open ring"
        case .moveToCountNotOne(let count): "MoveTo with a count of \(count) where 1 is required"
        case .lineWithSinglePoint: "a line with only one point"
        case .ringWithoutClosePath: "a polygon ring not ended by ClosePath"
        case .ringTooShort(let points): "a polygon ring with \(points) points (at least 3 needed)"
        }
    }
}

/// Turns a feature's command integers into point arrays, enforcing the spec's rules for its type
/// (4.3.4). Coordinates wrap on Int32 overflow, as the spec's own fixtures expect them to decode.
enum GeometryCommandReader {
    static func read(_ integers: [UInt32], as type: FeatureGeometryType) throws(GeometryProblem) -> [[TilePoint]] {
        var state = State(type: type)
        var index = 0
        while index < integers.count {
            let word = integers[index]
            index += 1
            guard let command = GeometryCommand(rawValue: word & 0x7) else { throw .unknownCommand(id: word & 0x7) }
            let count = Int(word >> 3)
            if command == .closePath {
                guard count == 1 else { throw .closePathCountNotOne(count) }
                try state.closePath()
                continue
            }
            guard count > 0 else { throw .zeroCommandCount(command) }
            let remaining = integers.count - index
            guard count <= remaining / command.parameterCount else {
                throw .commandCountExceedsParameters(command: command, count: count, remainingIntegers: remaining)
            }
            var points: [TilePoint] = []
            points.reserveCapacity(count)
            for _ in 0..<count {
                state.cursor.x &+= unzigzag(integers[index])
                state.cursor.y &+= unzigzag(integers[index + 1])
                index += 2
                points.append(state.cursor)
            }
            if command == .moveTo { try state.moveTo(points) } else { try state.lineTo(points) }
        }
        return try state.finish()
    }

    static func unzigzag(_ value: UInt32) -> Int32 {
        Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// The parts read so far and whether the last one may still grow.
    private struct State {
        let type: FeatureGeometryType
        var cursor = TilePoint(x: 0, y: 0)
        var parts: [[TilePoint]] = []
        /// A line or ring that LineTo may extend.
        var partOpen = false

        init(type: FeatureGeometryType) { self.type = type }

        mutating func moveTo(_ points: [TilePoint]) throws(GeometryProblem) {
            switch type {
            case .point:
                // Several MoveTo commands are not what the spec asks for, but they still say
                // "these points", so they are merged rather than rejected.
                if parts.isEmpty { parts = [points] } else { parts[0] += points }
            case .lineString, .polygon:
                guard points.count == 1 else { throw .moveToCountNotOne(points.count) }
                try endPart()
                parts.append(points)
                partOpen = true
            case .unknown:
                // No rules to apply: every MoveTo point starts a part of its own.
                parts += points.map { [$0] }
                partOpen = true
            }
        }

        mutating func lineTo(_ points: [TilePoint]) throws(GeometryProblem) {
            guard type != .point else { throw .commandNotAllowed(.lineTo, in: type) }
            guard partOpen else { throw .lineToBeforeMoveTo }
            parts[parts.count - 1] += points
        }

        mutating func closePath() throws(GeometryProblem) {
            switch type {
            case .point, .lineString:
                throw .commandNotAllowed(.closePath, in: type)
            case .polygon:
                guard partOpen else { throw .closePathWithoutOpenRing }
                let count = parts[parts.count - 1].count
                guard count >= 3 else { throw .ringTooShort(points: count) }
                partOpen = false
            case .unknown:
                guard partOpen else { throw .closePathWithoutOpenRing }
                partOpen = false
            }
        }

        /// Checks that the part being replaced (or the last one) is complete.
        mutating func endPart() throws(GeometryProblem) {
            guard let last = parts.last else { return }
            switch type {
            case .lineString where last.count < 2: throw .lineWithSinglePoint
            case .polygon where partOpen: throw .ringWithoutClosePath
            default: break
            }
        }

        mutating func finish() throws(GeometryProblem) -> [[TilePoint]] {
            try endPart()
            return parts
        }
    }
}

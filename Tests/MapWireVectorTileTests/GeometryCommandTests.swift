import Foundation
import MapWireVectorTile
import Testing

/// Every way a command stream can be broken must come back as a GeometryProblem, never a trap.
@Suite struct GeometryCommandTests {
    typealias F = TileFactory

    static func problem(_ type: VectorTile_Tile.GeomType, _ geometry: [UInt32]) throws -> GeometryProblem? {
        let data = try F.data(type: type, geometry: geometry)
        do throws(VectorTileDecodingError) {
            _ = try MVTDecoder.decode(data)
            return nil
        } catch {
            guard case .invalidGeometry(_, _, let problem) = error else { return nil }
            return problem
        }
    }

    @Test func unknownCommandIDs() throws {
        for id: UInt32 in [0, 3, 4, 5, 6] {
            #expect(try Self.problem(.point, [F.command(id, count: 1), 2, 2]) == .unknownCommand(id: id))
        }
    }

    @Test func countsBeyondTheParametersAreRejectedWithoutAllocating() throws {
        let huge = F.command(2, count: UInt32.max >> 3)
        #expect(try Self.problem(.linestring, [9, 0, 0, huge, 2, 2]) == .commandCountExceedsParameters(command: .lineTo, count: Int(UInt32.max >> 3), remainingIntegers: 2))
        #expect(try Self.problem(.point, [9]) == .commandCountExceedsParameters(command: .moveTo, count: 1, remainingIntegers: 0))
        #expect(try Self.problem(.point, [9, 2]) == .commandCountExceedsParameters(command: .moveTo, count: 1, remainingIntegers: 1))
    }

    @Test func zeroCountsAndClosePathCounts() throws {
        #expect(try Self.problem(.point, [F.command(1, count: 0)]) == .zeroCommandCount(.moveTo))
        #expect(try Self.problem(.linestring, [9, 0, 0, F.command(2, count: 0)]) == .zeroCommandCount(.lineTo))
        let triangle: [UInt32] = [9, 0, 0, F.command(2, count: 2), 4, 0, 0, 4]
        #expect(try Self.problem(.polygon, triangle + [F.command(7, count: 2)]) == .closePathCountNotOne(2))
        #expect(try Self.problem(.polygon, triangle + [F.command(7, count: 0)]) == .closePathCountNotOne(0))
        // ClosePath takes no parameters: integers after it are read as the next command.
        #expect(try Self.problem(.polygon, triangle + [15, 2, 2]) == .zeroCommandCount(.lineTo))
        #expect(try Self.problem(.polygon, triangle + [15, 3]) == .unknownCommand(id: 3))
    }

    @Test func commandsOutOfPlace() throws {
        #expect(try Self.problem(.point, [9, 2, 2, 10, 2, 2]) == .commandNotAllowed(.lineTo, in: .point))
        #expect(try Self.problem(.point, [15]) == .commandNotAllowed(.closePath, in: .point))
        #expect(try Self.problem(.linestring, [9, 0, 0, 10, 2, 2, 15]) == .commandNotAllowed(.closePath, in: .lineString))
        #expect(try Self.problem(.linestring, [10, 2, 2]) == .lineToBeforeMoveTo)
        #expect(try Self.problem(.linestring, [17, 0, 0, 2, 2]) == .moveToCountNotOne(2))
        #expect(try Self.problem(.linestring, [9, 0, 0]) == .lineWithSinglePoint)
        #expect(try Self.problem(.linestring, [9, 0, 0, 9, 2, 2, 10, 2, 2]) == .lineWithSinglePoint)
        #expect(try Self.problem(.polygon, [15]) == .closePathWithoutOpenRing)
        #expect(try Self.problem(.polygon, [9, 0, 0, 18, 4, 0, 0, 4]) == .ringWithoutClosePath)
        #expect(try Self.problem(.polygon, [9, 0, 0, 10, 4, 0, 15]) == .ringTooShort(points: 2))
        #expect(try Self.problem(.polygon, [9, 0, 0, 18, 4, 0, 0, 4, 15, 10, 2, 2]) == .lineToBeforeMoveTo)
    }

    @Test func coordinatesWrapLikeInt32() throws {
        let geometry: [UInt32] = [9, F.zigzag(Int32.max), 0, 10, 2, 2]
        let tile = try MVTDecoder.decode(F.data(type: .linestring, geometry: geometry))
        #expect(tile.layers["test"]?.features[0].geometry == [[TilePoint(x: Int32.max, y: 0), TilePoint(x: Int32.min, y: 1)]])
    }

    @Test func unknownTypeIsDecodedPermissively() throws {
        let tile = try MVTDecoder.decode(F.data(type: .unknown, geometry: [9, 2, 2, 10, 2, 2, 15, 9, 4, 4]))
        let feature = try #require(tile.layers["test"]?.features.first)
        #expect(feature.type == .unknown)
        #expect(feature.geometry == [[TilePoint(x: 1, y: 1), TilePoint(x: 2, y: 2)], [TilePoint(x: 4, y: 4)]])
    }
}

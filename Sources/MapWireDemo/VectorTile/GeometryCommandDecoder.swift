import MapWireVectorTile

/// Reverses `GeometryCommandEncoder`: command stream → `TileGeometry`.
enum GeometryCommandDecoder {
    struct Failure: Error {
        let reason: String
    }

    static func decode(type: VectorTile_Tile.GeomType, commands: [UInt32]) throws(Failure) -> TileGeometry {
        let parts = try paths(commands)
        switch type {
        case .point:
            return .points(parts.flatMap(\.points))
        case .linestring:
            return .lineStrings(parts.map(\.points))
        case .polygon:
            return .polygons(try groupRings(parts))
        default:
            throw Failure(reason: "unknown geometry type \(type.rawValue)")
        }
    }

    /// A MoveTo and the points after it, and whether a ClosePath ended it.
    private struct Path {
        var points: [TilePoint]
        var closed = false
    }

    private static func paths(_ commands: [UInt32]) throws(Failure) -> [Path] {
        var result: [Path] = []
        var cursor = TilePoint(x: 0, y: 0)
        var i = 0
        while i < commands.count {
            let id = commands[i] & 0x7, count = Int(commands[i] >> 3)
            i += 1
            switch id {
            case GeometryCommandEncoder.moveTo, GeometryCommandEncoder.lineTo:
                guard i + 2 * count <= commands.count else { throw Failure(reason: "command needs more parameters than remain") }
                if id == GeometryCommandEncoder.lineTo && result.isEmpty { throw Failure(reason: "LineTo before MoveTo") }
                for _ in 0..<count {
                    cursor.x += unzigzag(commands[i])
                    cursor.y += unzigzag(commands[i + 1])
                    i += 2
                    // MoveTo starts a new part per point (multipoints too); LineTo extends the current one.
                    if id == GeometryCommandEncoder.moveTo { result.append(Path(points: [cursor])) }
                    else { result[result.count - 1].points.append(cursor) }
                }
            case GeometryCommandEncoder.closePath:
                guard !result.isEmpty else { throw Failure(reason: "ClosePath before MoveTo") }
                result[result.count - 1].closed = true
            default:
                throw Failure(reason: "unknown command \(id)")
            }
        }
        return result
    }

    /// Positive-area rings start polygons; negative-area rings are holes of the polygon before them.
    private static func groupRings(_ rings: [Path]) throws(Failure) -> [[[TilePoint]]] {
        var polygons: [[[TilePoint]]] = []
        for ring in rings {
            guard ring.closed else { throw Failure(reason: "polygon ring without ClosePath") }
            let area = RingArea.doubledSignedArea(ring.points)
            if area > 0 {
                polygons.append([ring.points])
            } else if area < 0 {
                guard !polygons.isEmpty else { throw Failure(reason: "hole before any exterior ring") }
                polygons[polygons.count - 1].append(ring.points)
            }  // Zero-area rings carry nothing to draw.
        }
        return polygons
    }

    static func unzigzag(_ n: UInt32) -> Int { Int(n >> 1) ^ -Int(n & 1) }
}

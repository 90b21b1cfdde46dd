import MapWireVectorTile

/// Encodes `TileGeometry` into the vector tile command stream: MoveTo(1), LineTo(2), ClosePath(7),
/// each command integer being `id | count << 3`, followed by zigzag-encoded coordinate deltas.
enum GeometryCommandEncoder {
    static let moveTo: UInt32 = 1
    static let lineTo: UInt32 = 2
    static let closePath: UInt32 = 7

    static func command(_ id: UInt32, count: Int) -> UInt32 { id | UInt32(count) << 3 }

    static func zigzag(_ n: Int32) -> UInt32 { UInt32(bitPattern: (n << 1) ^ (n >> 31)) }

    static func encode(_ geometry: TileGeometry) -> [UInt32] {
        var writer = Writer()
        switch geometry {
        case .points(let points):
            writer.output.append(command(moveTo, count: points.count))
            points.forEach { writer.delta(to: $0) }
        case .lineStrings(let lines):
            for line in lines where line.count >= 2 {
                writer.path(line)
            }
        case .polygons(let polygons):
            for polygon in polygons {
                for (index, ring) in polygon.enumerated() where ring.count >= 3 {
                    // Exterior rings must have positive area, holes negative: fix any that do not.
                    let area = RingArea.doubledSignedArea(ring)
                    let wantsPositive = index == 0
                    writer.path((area > 0) == wantsPositive ? ring : ring.reversed())
                    writer.output.append(command(closePath, count: 1))
                }
            }
        }
        return writer.output
    }

    /// The cursor carries over between parts, so every delta is relative to the previous point.
    private struct Writer {
        var output: [UInt32] = []
        var cursor = TilePoint(x: 0, y: 0)

        mutating func path(_ points: [TilePoint]) {
            output.append(command(moveTo, count: 1))
            delta(to: points[0])
            output.append(command(lineTo, count: points.count - 1))
            points.dropFirst().forEach { delta(to: $0) }
        }

        mutating func delta(to point: TilePoint) {
            // Wrapping matches the decoder, which wraps the cursor the same way.
            output.append(zigzag(point.x &- cursor.x))
            output.append(zigzag(point.y &- cursor.y))
            cursor = point
        }
    }
}

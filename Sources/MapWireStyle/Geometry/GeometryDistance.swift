import MapWireGeometry

/// The shortest distance in metres between point sets, lines and polygons given as [longitude, latitude]
/// positions, computed as the style specification's `distance` computes it: small sets by brute force,
/// large ones divided in halves whose bounding boxes prune the search.
struct GeometryDistance {
    typealias Position = [Double]
    typealias IndexRange = (first: Int, last: Int)

    let ruler: CheapRuler

    private static let pointsThreshold = 100
    private static let lineThreshold = 50

    private static func size(_ range: IndexRange) -> Int { range.last - range.first + 1 }

    private static func isSafe(_ range: IndexRange, _ count: Int) -> Bool { range.last >= range.first && range.last < count }

    /// Halves of a range: lines keep their shared middle point, point sets do not.
    private static func split(_ range: IndexRange, isLine: Bool) -> (IndexRange?, IndexRange?) {
        if range.first > range.last { return (nil, nil) }
        let count = size(range)
        if isLine {
            if count == 2 { return (range, nil) }
            let half = count / 2
            return ((range.first, range.first + half), (range.first + half, range.last))
        }
        if count == 1 { return (range, nil) }
        let half = count / 2 - 1
        return ((range.first, range.first + half), (range.first + half + 1, range.last))
    }

    private static func box(_ positions: [Position], _ range: IndexRange) -> BoundingBox {
        var box = BoundingBox()
        guard isSafe(range, positions.count) else { return box }
        for i in range.first...range.last { box.include(point(positions[i])) }
        return box
    }

    private static func box(_ polygon: [[Position]]) -> BoundingBox {
        var box = BoundingBox()
        for ring in polygon { for position in ring { box.include(point(position)) } }
        return box
    }

    private static func point(_ position: Position) -> PlanePoint { PlanePoint(x: position[0], y: position[1]) }

    private static func plane(_ polygon: [[Position]]) -> [[PlanePoint]] { polygon.map { $0.map(point) } }

    /// Between two boxes (0 when they overlap; NaN when either is empty).
    private func distance(_ a: BoundingBox, _ b: BoundingBox) -> Double {
        guard a.isValid, b.isValid else { return .nan }
        var dx = 0.0, dy = 0.0
        if a.maxX < b.minX { dx = b.minX - a.maxX }
        if a.minX > b.maxX { dx = a.minX - b.maxX }
        if a.minY > b.maxY { dy = a.minY - b.maxY }
        if a.maxY < b.minY { dy = b.minY - a.maxY }
        return ruler.distance([0, 0], [dx, dy])
    }

    private func pointToLine(_ point: Position, _ line: [Position]) -> Double {
        ruler.distance(point, ruler.nearestPoint(on: line, to: point))
    }

    private func segmentToSegment(_ p1: Position, _ p2: Position, _ q1: Position, _ q2: Position) -> Double {
        let fromP = JavaScriptMath.min(pointToLine(p1, [q1, q2]), pointToLine(p2, [q1, q2]))
        let fromQ = JavaScriptMath.min(pointToLine(q1, [p1, p2]), pointToLine(q2, [p1, p2]))
        return JavaScriptMath.min(fromP, fromQ)
    }

    private func lineToLine(_ a: [Position], _ rangeA: IndexRange, _ b: [Position], _ rangeB: IndexRange) -> Double {
        guard Self.isSafe(rangeA, a.count), Self.isSafe(rangeB, b.count) else { return .infinity }
        var result = Double.infinity
        for i in rangeA.first..<rangeA.last {
            for j in rangeB.first..<rangeB.last {
                if PlanarGeometry.segmentsIntersect(Self.point(a[i]), Self.point(a[i + 1]), Self.point(b[j]), Self.point(b[j + 1])) { return 0 }
                result = JavaScriptMath.min(result, segmentToSegment(a[i], a[i + 1], b[j], b[j + 1]))
            }
        }
        return result
    }

    private func pointsToPoints(_ a: [Position], _ rangeA: IndexRange, _ b: [Position], _ rangeB: IndexRange) -> Double {
        guard Self.isSafe(rangeA, a.count), Self.isSafe(rangeB, b.count) else { return .nan }
        var result = Double.infinity
        for i in rangeA.first...rangeA.last {
            for j in rangeB.first...rangeB.last {
                result = JavaScriptMath.min(result, ruler.distance(a[i], b[j]))
                if result == 0 { return result }
            }
        }
        return result
    }

    private func pointToPolygon(_ position: Position, _ polygon: [[Position]]) -> Double {
        if PlanarGeometry.pointWithinPolygon(Self.point(position), Self.plane(polygon), onBoundary: true) { return 0 }
        var result = Double.infinity
        for ring in polygon where !ring.isEmpty {
            // The ring's closing edge (the reference engine always measures it, its first and last
            // positions being distinct arrays).
            if ring.count > 1 {
                result = JavaScriptMath.min(result, pointToLine(position, [ring[ring.count - 1], ring[0]]))
                if result == 0 { return result }
            }
            result = JavaScriptMath.min(result, ruler.distance(position, ruler.nearestPoint(on: ring, to: position)))
            if result == 0 { return result }
        }
        return result
    }

    private func lineToPolygon(_ line: [Position], _ range: IndexRange, _ polygon: [[Position]]) -> Double {
        guard Self.isSafe(range, line.count) else { return .nan }
        let rings = Self.plane(polygon)
        for i in range.first...range.last where PlanarGeometry.pointWithinPolygon(Self.point(line[i]), rings, onBoundary: true) {
            return 0
        }
        var result = Double.infinity
        for i in range.first..<range.last {
            for ring in polygon where !ring.isEmpty {
                var k = ring.count - 1
                for j in ring.indices {
                    if PlanarGeometry.segmentsIntersect(Self.point(line[i]), Self.point(line[i + 1]), Self.point(ring[k]), Self.point(ring[j])) {
                        return 0
                    }
                    result = JavaScriptMath.min(result, segmentToSegment(line[i], line[i + 1], ring[k], ring[j]))
                    k = j
                }
            }
        }
        return result
    }

    private static func intersects(_ a: [[Position]], _ b: [[Position]]) -> Bool {
        let rings = plane(b)
        return a.contains { ring in ring.contains { PlanarGeometry.pointWithinPolygon(point($0), rings, onBoundary: true) } }
    }

    private func polygonToPolygon(_ a: [[Position]], _ b: [[Position]], _ current: Double) -> Double {
        let boxA = Self.box(a), boxB = Self.box(b)
        if current != .infinity && distance(boxA, boxB) >= current { return current }
        if boxA.isWithin(boxB) {
            if Self.intersects(a, b) { return 0 }
        } else if Self.intersects(b, a) {
            return 0
        }
        var result = Double.infinity
        for ringA in a where !ringA.isEmpty {
            var l = ringA.count - 1
            for i in ringA.indices {
                for ringB in b where !ringB.isEmpty {
                    var k = ringB.count - 1
                    for j in ringB.indices {
                        if PlanarGeometry.segmentsIntersect(Self.point(ringA[l]), Self.point(ringA[i]), Self.point(ringB[k]), Self.point(ringB[j])) {
                            return 0
                        }
                        result = JavaScriptMath.min(result, segmentToSegment(ringA[l], ringA[i], ringB[k], ringB[j]))
                        k = j
                    }
                }
                l = i
            }
        }
        return result
    }

    /// From a point set or line to a polygon.
    func pointsToPolygon(_ positions: [Position], isLine: Bool, _ polygon: [[Position]], current: Double = .infinity) -> Double {
        guard let first = positions.first, let corner = polygon.first?.first else { return .nan }
        var best = JavaScriptMath.min(ruler.distance(first, corner), current)
        if best == 0 { return best }
        let polygonBox = Self.box(polygon)
        var queue: [(Double, IndexRange)] = [(0, (0, positions.count - 1))]
        while let (lowerBound, range) = queue.popLast() {
            if lowerBound >= best { continue }
            if Self.size(range) <= (isLine ? Self.lineThreshold : Self.pointsThreshold) {
                guard Self.isSafe(range, positions.count) else { return .nan }
                if isLine {
                    let found = lineToPolygon(positions, range, polygon)
                    if found.isNaN || found == 0 { return found }
                    best = JavaScriptMath.min(best, found)
                } else {
                    for i in range.first...range.last {
                        best = JavaScriptMath.min(best, pointToPolygon(positions[i], polygon))
                        if best == 0 { return 0 }
                    }
                }
            } else {
                let (a, b) = Self.split(range, isLine: isLine)
                for part in [a, b].compactMap({ $0 }) {
                    let bound = distance(Self.box(positions, part), polygonBox)
                    if bound < best { queue.append((bound, part)) }
                }
            }
        }
        return best
    }

    /// Between two point sets, either of which may be a line.
    func setToSet(_ a: [Position], isLine aIsLine: Bool, _ b: [Position], isLine bIsLine: Bool, current: Double = .infinity) -> Double {
        guard let firstA = a.first, let firstB = b.first else { return .nan }
        var best = JavaScriptMath.min(current, ruler.distance(firstA, firstB))
        if best == 0 { return best }
        var queue: [(Double, IndexRange, IndexRange)] = [(0, (0, a.count - 1), (0, b.count - 1))]
        while let (lowerBound, rangeA, rangeB) = queue.popLast() {
            if lowerBound >= best { continue }
            let thresholdA = aIsLine ? Self.lineThreshold : Self.pointsThreshold
            let thresholdB = bIsLine ? Self.lineThreshold : Self.pointsThreshold
            if Self.size(rangeA) <= thresholdA && Self.size(rangeB) <= thresholdB {
                if !Self.isSafe(rangeA, a.count) && Self.isSafe(rangeB, b.count) { return .nan }
                if aIsLine && bIsLine {
                    best = JavaScriptMath.min(best, lineToLine(a, rangeA, b, rangeB))
                } else if aIsLine != bIsLine {
                    let (line, lineRange, points, pointRange) = aIsLine ? (a, rangeA, b, rangeB) : (b, rangeB, a, rangeA)
                    let part = Array(line[lineRange.first...min(lineRange.last, line.count - 1)])
                    for i in pointRange.first...pointRange.last {
                        best = JavaScriptMath.min(best, pointToLine(points[i], part))
                        if best == 0 { return best }
                    }
                } else {
                    best = JavaScriptMath.min(best, pointsToPoints(a, rangeA, b, rangeB))
                }
            } else {
                let (a1, a2) = Self.split(rangeA, isLine: aIsLine)
                let (b1, b2) = Self.split(rangeB, isLine: bIsLine)
                for (partA, partB) in [(a1, b1), (a1, b2), (a2, b1), (a2, b2)] {
                    guard let partA, let partB else { continue }
                    let bound = distance(Self.box(a, partA), Self.box(b, partB))
                    if bound < best { queue.append((bound, partA, partB)) }
                }
            }
        }
        return best
    }

    /// From a polygon to another.
    func polygonToPolygon(_ a: [[Position]], _ b: [[Position]], current: Double) -> Double {
        polygonToPolygon(a, b, current)
    }
}

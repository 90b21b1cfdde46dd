/// A layer's geometry column turned into the vector tile model (MapLibre Tile specification,
/// "Geometry Column"): per-feature geometry types, then up to three levels of lengths
/// (sub-geometries, parts, rings) over one vertex buffer, optionally through a vertex dictionary.
/// Multi-geometries become the MVT shape of their kind (several points, lines or polygons in
/// one feature), and polygon rings are wound as MVT winds them so holes stay holes.
struct MLTGeometryColumn {
    enum Kind: UInt32 {
        case point, lineString, polygon, multiPoint, multiLineString, multiPolygon

        var isLine: Bool { self == .lineString || self == .multiLineString }
        var isPolygon: Bool { self == .polygon || self == .multiPolygon }
        var featureType: FeatureGeometryType {
            switch self {
            case .point, .multiPoint: .point
            case .lineString, .multiLineString: .lineString
            case .polygon, .multiPolygon: .polygon
            }
        }
    }

    let kinds: [Kind]
    private var geometryOffsets: [Int]?
    private var partOffsets: [Int]?
    private var ringOffsets: [Int]?
    private let vertices: [Int32]

    var featureCount: Int { kinds.count }

    init(_ streams: [MLTStream], budget: MLTBudget) throws(MLTProblem) {
        guard let typeStream = streams.first else { throw MLTProblem("a geometry column without streams") }
        kinds = try typeStream.unsigned32(budget).map { raw throws(MLTProblem) in
            guard let kind = Kind(rawValue: raw) else { throw MLTProblem("unknown geometry type \(raw)") }
            return kind
        }
        var geometries: [UInt32]?, parts: [UInt32]?, rings: [UInt32]?
        var vertexBuffer: [Int32]?, vertexIndices: [UInt32]?
        for stream in streams.dropFirst() {
            switch stream.kind {
            case .present: continue
            case .data(3), .data(4): vertexBuffer = try Self.once(vertexBuffer, stream.signed32(budget), "vertex buffer")
            case .offset(0): vertexIndices = try Self.once(vertexIndices, stream.unsigned32(budget), "vertex offset")
            case .length(1): geometries = try Self.once(geometries, stream.unsigned32(budget), "geometry length")
            case .length(2): parts = try Self.once(parts, stream.unsigned32(budget), "part length")
            case .length(3): rings = try Self.once(rings, stream.unsigned32(budget), "ring length")
            // Pre-tessellated triangles: the renderer triangulates rings itself.
            case .offset(1), .length(4): continue
            default: throw MLTProblem("a geometry column holds a stream of type \(stream.kind)")
            }
        }
        var vertices = vertexBuffer ?? []
        guard vertices.count % 2 == 0 else { throw MLTProblem("a vertex buffer with an odd number of coordinates") }
        if let vertexIndices {
            try budget.spend(vertexIndices.count * 2, for: "a vertex dictionary")
            let dictionary = vertices
            vertices.removeAll(keepingCapacity: true)
            vertices.reserveCapacity(vertexIndices.count * 2)
            for index in vertexIndices {
                let at = Int(index) * 2
                guard at + 1 < dictionary.count else {
                    throw MLTProblem("vertex offset \(index) beyond a dictionary of \(dictionary.count / 2) vertices")
                }
                vertices += [dictionary[at], dictionary[at + 1]]
            }
        }
        self.vertices = vertices
        try resolveOffsets(geometries: geometries, parts: parts, rings: rings, budget: budget)
    }

    /// Turns the length streams into offsets. Simple types have an implicit length of one at each
    /// level; which types carry an explicit length depends on which streams are present.
    private mutating func resolveOffsets(geometries: [UInt32]?, parts: [UInt32]?, rings: [UInt32]?, budget: MLTBudget) throws(MLTProblem) {
        if let geometries {
            let roots = try Self.rootOffsets(kinds, geometries, explicitAbove: .polygon, budget)
            geometryOffsets = roots
            guard let parts else { return }
            if let rings {
                let partLevel = try Self.levelOffsets(kinds, roots, parts, budget) { $0.isPolygon }
                partOffsets = partLevel
                ringOffsets = try Self.ringOffsets(kinds, roots, partLevel, rings, budget)
            } else {
                partOffsets = try Self.levelOffsets(kinds, roots, parts, budget) { $0.isLine }
            }
        } else if let parts {
            if let rings {
                let hasLines = kinds.contains { $0.isLine }
                let roots = try Self.rootOffsets(kinds, parts, explicitAbove: .lineString, budget)
                partOffsets = roots
                ringOffsets = try Self.levelOffsets(kinds, roots, rings, budget) { $0.isPolygon || (hasLines && $0.isLine) }
            } else {
                partOffsets = try Self.rootOffsets(kinds, parts, explicitAbove: .point, budget)
            }
        }
    }

    private static func once<T>(_ existing: T?, _ new: T, _ what: String) throws(MLTProblem) -> T {
        guard existing == nil else { throw MLTProblem("a geometry column with two \(what) streams") }
        return new
    }

    /// One offset per feature: types above `explicitAbove` take their count from `lengths`.
    private static func rootOffsets(_ kinds: [Kind], _ lengths: [UInt32], explicitAbove threshold: Kind, _ budget: MLTBudget) throws(MLTProblem) -> [Int] {
        try levelOffsets(kinds, Array(0...kinds.count), lengths, budget) { $0.rawValue > threshold.rawValue }
    }

    /// The next level down: each sub-geometry of a feature whose kind `hasLength` takes its count from
    /// `lengths`, the others count one each. Every entry is charged to the budget: a count no stream
    /// backs could otherwise make a hostile tile allocate.
    private static func levelOffsets(_ kinds: [Kind], _ roots: [Int], _ lengths: [UInt32], _ budget: MLTBudget, hasLength: (Kind) -> Bool) throws(MLTProblem) -> [Int] {
        var offsets = [0]
        var next = 0, offset = 0
        for (index, kind) in kinds.enumerated() {
            let count = roots[index + 1] - roots[index]
            try budget.spend(count, for: "geometry offsets")
            for _ in 0..<count {
                var increment = 1
                if hasLength(kind) {
                    guard next < lengths.count else { throw MLTProblem("a geometry length stream too short for its features") }
                    increment = Int(lengths[next])
                    next += 1
                }
                offset += increment
                offsets.append(offset)
            }
        }
        return offsets
    }

    /// Ring offsets under sub-geometries: every part of a non-point geometry takes its vertex count
    /// from `lengths`; points count one vertex each.
    private static func ringOffsets(_ kinds: [Kind], _ roots: [Int], _ parts: [Int], _ lengths: [UInt32], _ budget: MLTBudget) throws(MLTProblem) -> [Int] {
        var offsets = [0]
        var next = 0, offset = 0, partIndex = 0
        for (index, kind) in kinds.enumerated() {
            let count = roots[index + 1] - roots[index]
            guard partIndex + count < parts.count else { throw MLTProblem("a part length stream too short for its geometries") }
            if kind == .point || kind == .multiPoint {
                try budget.spend(count, for: "geometry offsets")
                for _ in 0..<count {
                    offset += 1
                    offsets.append(offset)
                }
            } else {
                for sub in partIndex..<partIndex + count {
                    let ringCount = parts[sub + 1] - parts[sub]
                    try budget.spend(ringCount, for: "geometry offsets")
                    for _ in 0..<ringCount {
                        guard next < lengths.count else { throw MLTProblem("a ring length stream too short for its parts") }
                        offset += Int(lengths[next])
                        next += 1
                        offsets.append(offset)
                    }
                }
            }
            partIndex += count
        }
        return offsets
    }

    // MARK: Features

    /// Feature `index`'s geometry in the vector tile model.
    func geometry(of index: Int) throws(MLTProblem) -> (type: FeatureGeometryType, parts: [[TilePoint]]) {
        let kind = kinds[index]
        switch kind {
        case .point:
            var at = try resolve(geometryOffsets, index)
            at = try resolve(partOffsets, at)
            at = try resolve(ringOffsets, at)
            return (.point, [[try vertex(at)]])
        case .multiPoint:
            guard let geometryOffsets else { throw missing("geometry lengths", kind) }
            var points: [TilePoint] = []
            for sub in try range(geometryOffsets, index) {
                var at = try resolve(partOffsets, sub)
                at = try resolve(ringOffsets, at)
                points.append(try vertex(at))
            }
            return (.point, [points])
        case .lineString, .multiLineString:
            guard let partOffsets else { throw missing("part lengths", kind) }
            let subs = kind == .lineString ? try resolve(geometryOffsets, index)..<(try resolve(geometryOffsets, index) + 1)
                : try range(geometryOffsets ?? [], index)
            var lines: [[TilePoint]] = []
            for sub in subs {
                // With rings present (polygons in the column), a line's vertex count is at the ring level.
                let vertexRange: Range<Int>
                if let ringOffsets { vertexRange = try range(ringOffsets, try resolve(partOffsets, sub)) } else { vertexRange = try range(partOffsets, sub) }
                let line = try points(vertexRange)
                if line.count >= 2 { lines.append(line) }
            }
            return (.lineString, lines)
        case .polygon, .multiPolygon:
            guard let partOffsets else { throw missing("part lengths", kind) }
            guard let ringOffsets else { throw missing("ring lengths", kind) }
            let subs = kind == .polygon ? try resolve(geometryOffsets, index)..<(try resolve(geometryOffsets, index) + 1)
                : try range(geometryOffsets ?? [], index)
            var rings: [[TilePoint]] = []
            for sub in subs {
                for (ringIndex, ring) in try range(partOffsets, sub).enumerated() {
                    var points = try points(try range(ringOffsets, ring))
                    guard points.count >= 3 else {
                        if ringIndex == 0 { break } else { continue }
                    }
                    // MVT's winding: exterior rings positive (clockwise on screen), holes negative.
                    let area = RingArea.doubledSignedArea(points)
                    if (ringIndex == 0) != (area > 0) { points.reverse() }
                    rings.append(points)
                }
            }
            return (.polygon, rings)
        }
    }

    private func missing(_ what: String, _ kind: Kind) -> MLTProblem {
        MLTProblem("a \(kind) geometry without \(what)")
    }

    /// `offsets[index]`, or `index` itself when that level is absent.
    private func resolve(_ offsets: [Int]?, _ index: Int) throws(MLTProblem) -> Int {
        guard let offsets else { return index }
        guard index >= 0, index < offsets.count else { throw MLTProblem("geometry offset \(index) out of range") }
        return offsets[index]
    }

    private func range(_ offsets: [Int], _ index: Int) throws(MLTProblem) -> Range<Int> {
        guard index >= 0, index + 1 < offsets.count, offsets[index] <= offsets[index + 1] else {
            throw MLTProblem("geometry offset \(index) out of range")
        }
        return offsets[index]..<offsets[index + 1]
    }

    private func vertex(_ index: Int) throws(MLTProblem) -> TilePoint {
        guard index >= 0, index * 2 + 1 < vertices.count else {
            throw MLTProblem("vertex \(index) beyond a buffer of \(vertices.count / 2)")
        }
        return TilePoint(x: vertices[index * 2], y: vertices[index * 2 + 1])
    }

    private func points(_ range: Range<Int>) throws(MLTProblem) -> [TilePoint] {
        guard range.lowerBound >= 0, range.upperBound * 2 <= vertices.count else {
            throw MLTProblem("vertices \(range) beyond a buffer of \(vertices.count / 2)")
        }
        return range.map { TilePoint(x: vertices[$0 * 2], y: vertices[$0 * 2 + 1]) }
    }
}

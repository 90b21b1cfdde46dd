import MapWireGeometry

/// An axis-aligned box in world units.
struct WorldBounds: Sendable {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func include(_ point: PlanePoint) {
        minX = min(minX, point.x); maxX = max(maxX, point.x)
        minY = min(minY, point.y); maxY = max(maxY, point.y)
    }

    func intersects(_ other: WorldBounds) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}

/// One geometry of a GeoJSON feature projected to world units, ready to be cut into tiles.
struct ProjectedFeature: Sendable {
    enum Shape: Sendable {
        case points([PlanePoint])
        case lines([[PlanePoint]])
        case polygons([[[PlanePoint]]])
    }

    var id: UInt64?
    var properties: [String: FeatureValue]
    var shape: Shape {
        didSet {
            bounds = WorldBounds()
            if case .points(let points) = shape { points.forEach { bounds.include($0) } }
        }
    }
    var bounds: WorldBounds

    init(id: UInt64?, properties: [String: FeatureValue], geometry: GeoJSONGeometry) {
        self.id = id
        self.properties = properties
        switch geometry {
        case .points(let points): shape = .points(points.map(Self.world))
        case .lines(let lines): shape = .lines(lines.map { $0.map(Self.world) })
        case .polygons(let polygons): shape = .polygons(polygons.map { $0.map { $0.map(Self.world) } })
        }
        var bounds = WorldBounds()
        switch shape {
        case .points(let points): points.forEach { bounds.include($0) }
        case .lines(let lines): lines.joined().forEach { bounds.include($0) }
        // Holes lie inside their exterior, so exteriors bound the polygon.
        case .polygons(let polygons): polygons.compactMap(\.first).joined().forEach { bounds.include($0) }
        }
        self.bounds = bounds
    }

    var isEmpty: Bool { bounds.minX > bounds.maxX }

    /// A single point already in world units (a cluster).
    init(id: UInt64?, properties: [String: FeatureValue], point: PlanePoint) {
        self.id = id
        self.properties = properties
        shape = .points([point])
        bounds = WorldBounds()
        bounds.include(point)
    }
}

extension ProjectedFeature {
    fileprivate static func world(_ position: GeoPosition) -> PlanePoint {
        WebMercator.world(longitude: position.longitude, latitude: position.latitude)
    }
}

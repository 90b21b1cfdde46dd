import MapWireGeometry

/// `distance`: the shortest distance in metres from the feature to a GeoJSON geometry.
struct DistanceNode: ExpressionNode {
    let geometries: [GeoJSONGeometry]
    var type: ExpressionType { .number }
    var inputs: ExpressionInputs { .feature }
    var children: [any ExpressionNode] { [] }
    var isFoldable: Bool { false }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else {
            return context.error("'distance' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        if case .object(let members) = items[1] {
            switch members["type"] {
            case .string("FeatureCollection")?:
                let features = members["features"]?.array ?? []
                return DistanceNode(geometries: features.flatMap { GeoJSONGeometry.parts(of: $0.object?["geometry"] ?? .null) ?? [] })
            case .string("Feature")?:
                return DistanceNode(geometries: GeoJSONGeometry.parts(of: members["geometry"] ?? .null) ?? [])
            default:
                if members["type"] != nil && members["coordinates"] != nil {
                    return DistanceNode(geometries: GeoJSONGeometry.parts(of: items[1]) ?? [])
                }
            }
        }
        return context.error("'distance' expression requires valid geojson object that contains polygon geometry type.")
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard let geometry = context.feature?.tileGeometry, let tile = context.canonicalTile else { return .number(.nan) }
        func lngLat(_ p: PlanePoint) -> [Double] {
            let position = TileCoordinates.lngLat(x: p.x, y: p.y, in: tile)
            return [position.longitude, position.latitude]
        }
        switch context.feature?.geometryTypeName {
        case "Point", "LineString":
            let isLine = context.feature?.geometryTypeName == "LineString"
            let positions = geometry.flatMap { $0 }.map(lngLat)
            guard !geometry.isEmpty, let first = positions.first else { return .number(.nan) }
            let measure = GeometryDistance(ruler: CheapRuler(latitude: first[1]))
            var result = Double.infinity
            for target in geometries {
                switch target {
                case .point(let position):
                    result = JavaScriptMath.min(result, measure.setToSet(positions, isLine: isLine, [position], isLine: false, current: result))
                case .lineString(let line):
                    result = JavaScriptMath.min(result, measure.setToSet(positions, isLine: isLine, line, isLine: true, current: result))
                case .polygon(let rings):
                    result = JavaScriptMath.min(result, measure.pointsToPolygon(positions, isLine: isLine, rings, current: result))
                }
                if result == 0 { return .number(0) }
            }
            return .number(result)
        case "Polygon":
            guard let firstRing = geometry.first, !firstRing.isEmpty else { return .number(.nan) }
            let polygons = RingClassification.polygons(geometry).map { $0.map { $0.map(lngLat) } }
            guard let latitude = polygons.first?.first?.first?[1] else { return .number(.nan) }
            let measure = GeometryDistance(ruler: CheapRuler(latitude: latitude))
            var result = Double.infinity
            for target in geometries {
                for polygon in polygons {
                    switch target {
                    case .point(let position):
                        result = JavaScriptMath.min(result, measure.pointsToPolygon([position], isLine: false, polygon, current: result))
                    case .lineString(let line):
                        result = JavaScriptMath.min(result, measure.pointsToPolygon(line, isLine: true, polygon, current: result))
                    case .polygon(let rings):
                        result = JavaScriptMath.min(result, measure.polygonToPolygon(polygon, rings, current: result))
                    }
                    if result == 0 { return .number(0) }
                }
            }
            return .number(result)
        default:
            return .number(.nan)
        }
    }
}

/// Rings grouped into polygons by winding, as vector tiles encode them: a ring winding like the first
/// starts a polygon, the others are its holes; rings without area are dropped.
public enum RingClassification {
    public static func polygons(_ rings: [[PlanePoint]]) -> [[[PlanePoint]]] {
        guard rings.count > 1 else { return [rings] }
        var polygons: [[[PlanePoint]]] = []
        var current: [[PlanePoint]]? = nil
        var counterClockwise: Bool? = nil
        for ring in rings {
            let area = signedArea(ring)
            if area == 0 { continue }
            if counterClockwise == nil { counterClockwise = area < 0 }
            if counterClockwise == (area < 0) {
                if let current { polygons.append(current) }
                current = [ring]
            } else {
                current?.append(ring)
            }
        }
        if let current { polygons.append(current) }
        return polygons
    }

    private static func signedArea(_ ring: [PlanePoint]) -> Double {
        var sum = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            sum += (ring[j].x - ring[i].x) * (ring[i].y + ring[j].y)
            j = i
        }
        return sum
    }
}

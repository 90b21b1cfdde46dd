import Foundation
import MapWireGeometry

/// `within`: whether the feature's points or lines lie inside a GeoJSON polygon or multipolygon.
struct WithinNode: ExpressionNode {
    /// Polygons as rings of [longitude, latitude] positions.
    let polygons: [[[[Double]]]]
    var type: ExpressionType { .boolean }
    var inputs: ExpressionInputs { .feature }
    var children: [any ExpressionNode] { [] }
    var isFoldable: Bool { false }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else {
            return context.error("'within' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        if let polygons = polygons(in: items[1]), !polygons.isEmpty { return WithinNode(polygons: polygons) }
        return context.error("'within' expression requires valid geojson object that contains polygon geometry type.")
    }

    /// The polygons of a Polygon, MultiPolygon, Feature or FeatureCollection.
    private static func polygons(in geojson: StyleValue) -> [[[[Double]]]]? {
        guard case .object(let members) = geojson else { return nil }
        switch members["type"] {
        case .string("FeatureCollection")?:
            return (members["features"]?.array ?? []).flatMap { feature -> [[[[Double]]]] in
                polygonParts(feature.object?["geometry"] ?? .null) ?? []
            }
        case .string("Feature")?:
            return polygonParts(members["geometry"] ?? .null)
        default:
            return polygonParts(geojson)
        }
    }

    private static func polygonParts(_ geometry: StyleValue) -> [[[[Double]]]]? {
        guard case .string(let type)? = geometry.object?["type"], type == "Polygon" || type == "MultiPolygon" else { return nil }
        return GeoJSONGeometry.parts(of: geometry)?.compactMap { part in
            if case .polygon(let rings) = part { rings } else { nil }
        }
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard let geometry = context.feature?.tileGeometry, let tile = context.canonicalTile else { return .bool(false) }
        switch context.feature?.geometryTypeName {
        case "Point": return .bool(pointsWithin(geometry, tile))
        case "LineString": return .bool(linesWithin(geometry, tile))
        default: return .bool(false)
        }
    }

    private func tilePolygons(_ tile: CanonicalTileID, _ box: inout BoundingBox) -> [[[PlanePoint]]] {
        polygons.map { rings in
            rings.map { ring in
                ring.map { position in
                    let point = TileCoordinates.point(longitude: position.first ?? 0, latitude: position.dropFirst().first ?? 0, in: tile)
                    box.include(point)
                    return point
                }
            }
        }
    }

    private func pointsWithin(_ geometry: [[PlanePoint]], _ tile: CanonicalTileID) -> Bool {
        var polygonBox = BoundingBox(), pointBox = BoundingBox()
        let shapes = tilePolygons(tile, &polygonBox)
        let worldSize = Self.worldSize(tile)
        let points = geometry.flatMap { $0 }.map { local -> PlanePoint in
            var point = Self.world(local, tile)
            Self.wrap(&point, into: polygonBox, worldSize: worldSize)
            pointBox.include(point)
            return point
        }
        guard pointBox.isWithin(polygonBox) else { return false }
        return points.allSatisfy { PlanarGeometry.pointWithinPolygons($0, shapes) }
    }

    private func linesWithin(_ geometry: [[PlanePoint]], _ tile: CanonicalTileID) -> Bool {
        var polygonBox = BoundingBox(), lineBox = BoundingBox()
        let shapes = tilePolygons(tile, &polygonBox)
        let worldSize = Self.worldSize(tile)
        var lines = geometry.map { line in
            line.map { local -> PlanePoint in
                let point = Self.world(local, tile)
                lineBox.include(point)
                return point
            }
        }
        // Lines narrower than half the world may be shifted a world's width to meet the polygon.
        if lineBox.maxX - lineBox.minX <= worldSize / 2 {
            lineBox = BoundingBox()
            for i in lines.indices {
                for j in lines[i].indices {
                    Self.wrap(&lines[i][j], into: polygonBox, worldSize: worldSize)
                    lineBox.include(lines[i][j])
                }
            }
        }
        guard lineBox.isWithin(polygonBox) else { return false }
        return lines.allSatisfy { PlanarGeometry.lineWithinPolygons($0, shapes) }
    }

    private static func worldSize(_ tile: CanonicalTileID) -> Double {
        pow(2, Double(tile.z)) * TileCoordinates.extent
    }

    private static func world(_ local: PlanePoint, _ tile: CanonicalTileID) -> PlanePoint {
        PlanePoint(x: local.x + Double(tile.x) * TileCoordinates.extent, y: local.y + Double(tile.y) * TileCoordinates.extent)
    }

    /// A point left or right of the polygons' box by more than half the world is moved a world's width
    /// towards it, so features across the antimeridian are compared with the polygon's copy of the world.
    private static func wrap(_ point: inout PlanePoint, into box: BoundingBox, worldSize: Double) {
        guard point.x < box.minX || point.x > box.maxX else { return }
        let half = worldSize * 0.5
        var shift = point.x - box.minX > half ? -worldSize : (box.minX - point.x > half ? worldSize : 0)
        if shift == 0 {
            shift = point.x - box.maxX > half ? -worldSize : (box.maxX - point.x > half ? worldSize : 0)
        }
        point.x += shift
    }
}

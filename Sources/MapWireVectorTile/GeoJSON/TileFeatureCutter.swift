import Foundation
import MapWireGeometry
import MapWireNumerics

/// Turns one projected feature into the part of it that falls in one tile: clipped to the
/// buffered tile, optionally simplified, rounded to integer tile units, and with polygon rings
/// wound the way vector tiles require.
struct TileFeatureCutter {
    let zoom: Int
    let x: Int
    let y: Int
    let extent: Double
    let box: ClipBox
    /// Douglas–Peucker tolerance in tile units; 0 turns simplification off.
    let tolerance: Double
    /// GeoJSON's `lineMetrics`: each line, and each part of it in the tile, becomes a feature of its
    /// own that says where along the whole line it starts and ends, as geojson-vt marks them.
    var lineMetrics = false

    func cut(_ feature: ProjectedFeature) -> [VectorFeature] {
        switch feature.shape {
        case .points(let points):
            let inside = points.map(tileUnits).filter(box.contains).map(rounded)
            return inside.isEmpty ? [] : [make(feature, .point, [inside])]
        case .lines(let lines) where lineMetrics:
            return lines.flatMap { measuredParts($0, of: feature) }
        case .lines(let lines):
            let parts = lines.flatMap { line in
                LineClipper.clip(line.map(tileUnits), to: box)
                    .map { LineSimplifier.simplify($0, tolerance: tolerance) }
                    .map(roundedPath)
                    .filter { $0.count >= 2 }
            }
            return parts.isEmpty ? [] : [make(feature, .lineString, parts)]
        case .polygons(let polygons):
            let rings = polygons.flatMap(cutPolygon)
            return rings.isEmpty ? [] : [make(feature, .polygon, rings)]
        }
    }

    private func measuredParts(_ line: [PlanePoint], of feature: ProjectedFeature) -> [VectorFeature] {
        let points = line.map(tileUnits)
        let length = zip(points, points.dropFirst()).reduce(0.0) { total, pair in
            let dx = pair.1.x - pair.0.x, dy = pair.1.y - pair.0.y
            return total + (dx * dx + dy * dy).squareRoot()
        }
        guard length > 0 else { return [] }
        return LineClipper.clipMeasured(points, to: box).compactMap { part in
            let path = roundedPath(LineSimplifier.simplify(part.points, tolerance: tolerance))
            guard path.count >= 2 else { return nil }
            var measured = make(feature, .lineString, [path])
            measured.properties[GeoJSONTiler.lineClipStart] = .double(part.start / length)
            measured.properties[GeoJSONTiler.lineClipEnd] = .double(part.end / length)
            return measured
        }
    }

    /// Exterior first, then holes. A polygon whose exterior is clipped or rounded away is gone
    /// entirely; a hole that collapses is just dropped.
    private func cutPolygon(_ polygon: [[PlanePoint]]) -> [[TilePoint]] {
        var rings: [[TilePoint]] = []
        for (index, ring) in polygon.enumerated() {
            let clipped = PolygonClipper.clip(ring.map(tileUnits), to: box)
            var points = roundedPath(LineSimplifier.simplifyRing(clipped, tolerance: tolerance))
            if points.count > 1, points.first == points.last { points.removeLast() }
            let area = RingArea.doubledSignedArea(points)
            guard points.count >= 3, area != 0 else {
                if index == 0 { return [] }
                continue
            }
            // Exterior rings must have positive area in tile space, holes negative. A ring is turned
            // round keeping its first point, as geojson-vt turns it (GL's extrusion patterns measure
            // their walls from there).
            let wantsPositive = index == 0
            rings.append((area > 0) == wantsPositive ? points : [points[0]] + points[1...].reversed())
        }
        return rings
    }

    private func make(_ feature: ProjectedFeature, _ type: FeatureGeometryType, _ geometry: [[TilePoint]]) -> VectorFeature {
        VectorFeature(id: feature.id, type: type, geometry: geometry, properties: feature.properties)
    }

    private func tileUnits(_ point: PlanePoint) -> PlanePoint {
        let scale = Double(1 << zoom)
        return PlanePoint(x: (point.x * scale - Double(x)) * extent, y: (point.y * scale - Double(y)) * extent)
    }

    /// Points inside the box fit Int32 (its size is bounded when the tiler is made); clipping
    /// far-away coordinates can still produce NaN or huge values, which saturate.
    private func rounded(_ point: PlanePoint) -> TilePoint {
        TilePoint(x: Int32(saturating: point.x.rounded()), y: Int32(saturating: point.y.rounded()))
    }

    /// Rounds and drops points that land on the one before them.
    private func roundedPath(_ points: [PlanePoint]) -> [TilePoint] {
        var path: [TilePoint] = []
        path.reserveCapacity(points.count)
        for point in points.map(rounded) where path.last != point {
            path.append(point)
        }
        return path
    }
}

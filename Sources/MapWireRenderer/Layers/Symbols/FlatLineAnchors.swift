import Foundation
import MapWireGeometry
import MapWireVectorTile

/// GL places a line label's anchors on the tile's own geometry, before the camera's pitch foreshortens
/// it: spacing, the label-length check and the ends all in flat px. Under pitch the anchors are found on
/// the line drawn flat (the same camera without pitch) and carried over to the pitched line by where
/// they fall on the tile's geometry. Pure: paths and projections in, distances out.
enum FlatLineAnchors {
    /// The distance along `pitched` of the point at distance `d` along `flat` (both drawn from `line`).
    static func pitchedDistance(_ d: Double, flat: ScreenPath, pitched: ScreenPath, line: [TilePoint], projection: TileProjection) -> Double {
        guard flat.points.count >= 2, pitched.points.count >= 2 else { return 0 }
        let i = flat.segment(at: d)
        let span = flat.distances[i + 1] - flat.distances[i]
        let t = span > 0 ? min(1, max(0, (d - flat.distances[i]) / span)) : 0
        let a = line[flat.sourceIndex[i]], b = line[flat.sourceIndex[i + 1]]
        let x = Double(a.x) + (Double(b.x) - Double(a.x)) * t, y = Double(a.y) + (Double(b.y) - Double(a.y)) * t
        let p = projection.point(x: x, y: y)
        // The pitched path's last vertex at or before the flat segment's start (paths drop the same
        // repeated vertices, but search rather than assume).
        let source = flat.sourceIndex[i]
        var j = 0
        while j + 1 < pitched.sourceIndex.count, pitched.sourceIndex[j + 1] <= source { j += 1 }
        let s = pitched.points[j]
        let along = pitched.distances[j] + ((p.x - s.x) * (p.x - s.x) + (p.y - s.y) * (p.y - s.y)).squareRoot()
        return min(pitched.length, max(0, along))
    }

    /// The camera without pitch, for drawing the line flat.
    static func flat(_ transform: Transform) -> Transform {
        var camera = transform.camera
        camera.pitch = 0
        return Transform(camera: camera, size: transform.size)
    }
}

import Foundation

/// Which tiles of a source are needed to draw a view.
public enum TileCover {
    /// The tile zoom a source uses: floor (or round, for raster sources) of camera zoom + log2(512 / tileSize),
    /// at least 0. (This is how GL engines pick the covering zoom.)
    public static func coveringZoom(cameraZoom: Double, tileSize: Int, roundZoom: Bool) -> Int {
        // A 256 px tile shows as much as a 512 px tile one zoom level up, hence the log2 shift.
        let zoom = cameraZoom + log2(WebMercator.tileSize / Double(tileSize))
        return max(0, Int(roundZoom ? zoom.rounded() : zoom.rounded(.down)))
    }

    /// The highest pitch at which GL covers a view with tiles of one zoom (MapLibre GL JS 5.3.0, Mercator,
    /// no terrain): above it, tiles far from the camera get lower zooms (`variableZoomTiles`). It is 78.5°
    /// less half the vertical field of view, kept within 0…60°: 60° with MapWire's field of view (about
    /// 36.87°, GL's default).
    public static func constantZoomPitchLimit(fieldOfViewDegrees: Double) -> Double {
        min(max(78.5 - fieldOfViewDegrees / 2, 0), 60)
    }

    /// Tiles a source must load for this view: covering zoom clamped to maxZoom (overzoom: past maxzoom
    /// the maxzoom tiles are used), none when below minZoom; above GL's constant-zoom pitch, zooms by
    /// distance as GL gives them. x wraps around the antimeridian (modulo 2^z),
    /// y clamped to the world, no duplicates, sorted by distance from the view centre (nearest first).
    public static func tiles(
        for transform: Transform, tileSize: Int, minZoom: Int, maxZoom: Int, roundZoom: Bool
    ) -> [CanonicalTileID] {
        if transform.camera.pitch > constantZoomPitchLimit(fieldOfViewDegrees: Transform.fieldOfViewDegrees) {
            return variableZoomTiles(for: transform, tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom, roundZoom: roundZoom)
        }
        let idealZoom = coveringZoom(cameraZoom: transform.camera.zoom, tileSize: tileSize, roundZoom: roundZoom)
        guard idealZoom >= minZoom else { return [] }
        let z = min(idealZoom, maxZoom)
        let tilesPerSide = 1 << z

        // World px at zoom z divided by the 512 px world tile gives tile units (2^z tiles across).
        let toTileUnits = { (p: (x: Double, y: Double)) in
            (x: p.x / WebMercator.tileSize, y: p.y / WebMercator.tileSize)
        }
        let quad = transform.visibleQuad(atZoom: Double(z)).map(toTileUnits)
        let centre = toTileUnits(WebMercator.project(transform.camera.center, zoom: Double(z)))
        // A transform from a camera that is not finite covers nothing (and must not trap converting to Int).
        guard quad.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), centre.x.isFinite, centre.y.isFinite else { return [] }
        let intersection = ConvexQuadTileIntersection(corners: quad)

        let minX = Int(quad.map(\.x).min()!.rounded(.down))
        let maxX = Int(quad.map(\.x).max()!.rounded(.up))
        let minY = max(0, Int(quad.map(\.y).min()!.rounded(.down)))
        let maxY = min(tilesPerSide, Int(quad.map(\.y).max()!.rounded(.up)))

        // Candidates keep their unwrapped x so the distance to the centre is measured on the same copy of the world.
        var candidates: [(id: CanonicalTileID, distance: Double)] = []
        for y in minY..<max(minY, maxY) {
            for x in minX..<max(minX, maxX) where intersection.intersectsTile(x: x, y: y) {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let wrappedX = ((x % tilesPerSide) + tilesPerSide) % tilesPerSide
                candidates.append((CanonicalTileID(z: z, x: wrappedX, y: y), dx * dx + dy * dy))
            }
        }
        candidates.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }

        // A view wider than the world sees the same tile more than once; keep its nearest copy.
        var seen = Set<CanonicalTileID>()
        return candidates.compactMap { seen.insert($0.id).inserted ? $0.id : nil }
    }

    /// The tiles of zoom z that a geographic box touches, as x and y ranges (an offline region's tiles;
    /// mercantile's and MapLibre's region cover). Latitudes are clamped to Web Mercator's; a box whose
    /// west is east of its east is empty (regions across the antimeridian are two boxes).
    public static func tileRange(of bounds: LngLatBounds, zoom z: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        guard bounds.west <= bounds.east, bounds.south <= bounds.north, (0...30).contains(z) else { return nil }
        let last = (1 << z) - 1
        func tile(_ longitude: Double, _ latitude: Double) -> (x: Int, y: Int) {
            let clamped = min(max(latitude, -WebMercator.maxLatitude), WebMercator.maxLatitude)
            let p = WebMercator.project(LngLat(longitude: min(max(longitude, -180), 180), latitude: clamped), zoom: Double(z))
            let x = Int((p.x / WebMercator.tileSize).rounded(.down)), y = Int((p.y / WebMercator.tileSize).rounded(.down))
            return (min(max(x, 0), last), min(max(y, 0), last))
        }
        // A box edge exactly on a tile edge does not reach into the next tile (as mercantile's tiles()).
        let northWest = tile(bounds.west, bounds.north), southEast = tile(bounds.east - 1e-11, bounds.south + 1e-11)
        return (northWest.x...southEast.x, northWest.y...southEast.y)
    }
}

import Foundation

/// GL's cover of a steeply pitched view (MapLibre GL JS 5.3's `coveringTiles`, Mercator, no terrain): tiles
/// far from the camera get lower zooms, tiles right under it higher ones, so each tile shows at about the
/// same size on screen. Tiles are split from zoom 0 down while their wanted zoom is higher than their own and
/// they touch the ground the view sees (the visible quad, cut at GL's far plane).
extension TileCover {
    /// The zoom GL wants for a tile (before rounding): the centre's zoom, raised or lowered by how much
    /// nearer or farther the tile is than the centre, and lowered by how obliquely it is seen. Distances in
    /// any one unit: from the camera's foot to the tile's nearest point along the ground, the camera's
    /// height, and from the camera to the centre.
    static func wantedZoom(centerZoom: Double, groundDistance: Double, cameraHeight: Double, centerDistance: Double,
                           fieldOfViewDegrees: Double) -> Double {
        let distance = (groundDistance * groundDistance + cameraHeight * cameraHeight).squareRoot()
        let angle = atan(groundDistance / cameraHeight)
        // A tile only a little farther than the centre keeps the centre's zoom: the ratio is scaled by cos(fov/2).
        return centerZoom + log2(centerDistance / distance / max(0.5, cos(fieldOfViewDegrees / 2 * .pi / 180)))
            + log2(cos(angle)) / 2
    }

    /// The variable-zoom cover, nearest the view centre first; x wraps around the antimeridian.
    static func variableZoomTiles(for transform: Transform, tileSize: Int, minZoom: Int, maxZoom: Int, roundZoom: Bool) -> [CanonicalTileID] {
        let camera = transform.camera
        let centerZoom = camera.zoom + log2(WebMercator.tileSize / Double(tileSize))
        let round: (Double) -> Double = roundZoom ? { $0.rounded() } : { $0.rounded(.down) }
        guard max(0, Int(round(centerZoom))) >= minZoom else { return [] }
        // Camera-zoom px: the camera stands `distance` from the centre, above a foot `distance·sin p` behind it.
        let pitch = camera.pitch * .pi / 180
        let distance = Transform.cameraDistanceInHeights * Double(transform.size.height)
        let world = WebMercator.tileSize * pow(2, camera.zoom)
        let center = WebMercator.project(camera.center, zoom: camera.zoom)
        let bearing = camera.bearing * .pi / 180
        let foot = (x: center.x - sin(bearing) * distance * sin(pitch), y: center.y + cos(bearing) * distance * sin(pitch))
        let height = distance * cos(pitch)
        guard foot.x.isFinite, foot.y.isFinite, height > 0 else { return [] }

        var quads: [Int: ConvexQuadTileIntersection] = [:]
        func intersection(atZoom z: Int) -> ConvexQuadTileIntersection {
            if let known = quads[z] { return known }
            let quad = transform.visibleQuad(atZoom: Double(z)).map { (x: $0.x / WebMercator.tileSize, y: $0.y / WebMercator.tileSize) }
            let made = ConvexQuadTileIntersection(corners: quad)
            quads[z] = made
            return made
        }
        let rootQuad = intersection(atZoom: 0).corners
        guard rootQuad.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        // Copies of the world the view reaches, as tile 0/0/0 shifted east or west (GL tries ±3).
        let wraps = max(-3, Int(rootQuad.map(\.x).min()!.rounded(.down)))...min(3, Int(rootQuad.map(\.x).max()!.rounded(.down)))

        var found: [(id: CanonicalTileID, distance: Double)] = []
        var stack: [(z: Int, x: Int, y: Int)] = wraps.map { (0, $0, 0) }  // x unwrapped
        while let tile = stack.popLast() {
            guard intersection(atZoom: tile.z).intersectsTile(x: tile.x, y: tile.y) else { continue }
            // The tile's square in camera-zoom px, and its nearest point to the camera's foot.
            let size = world / Double(1 << tile.z)
            let west = Double(tile.x) * size, north = Double(tile.y) * size
            let dx = min(max(foot.x, west), west + size) - foot.x, dy = min(max(foot.y, north), north + size) - foot.y
            let wanted = wantedZoom(centerZoom: centerZoom, groundDistance: (dx * dx + dy * dy).squareRoot(), cameraHeight: height,
                                    centerDistance: distance, fieldOfViewDegrees: Transform.fieldOfViewDegrees)
            let target = min(max(0, Int(round(wanted))), maxZoom)
            if tile.z >= target {
                guard tile.z >= minZoom else { continue }
                let n = 1 << tile.z
                let cx = (Double(tile.x) + 0.5) * size - center.x, cy = (Double(tile.y) + 0.5) * size - center.y
                found.append((CanonicalTileID(z: tile.z, x: ((tile.x % n) + n) % n, y: tile.y), cx * cx + cy * cy))
            } else {
                for child in 0..<4 { stack.append((tile.z + 1, tile.x * 2 + child % 2, tile.y * 2 + child / 2)) }
            }
        }
        found.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
        var seen = Set<CanonicalTileID>()
        return found.compactMap { seen.insert($0.id).inserted ? $0.id : nil }
    }
}

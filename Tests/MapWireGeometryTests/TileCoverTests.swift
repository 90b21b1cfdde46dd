import Testing
@testable import MapWireGeometry

@Suite struct TileCoverTests {
    let chicago = LngLat(longitude: -87.65, latitude: 41.85)
    let size = ViewportSize(width: 1024, height: 768)

    func cover(_ camera: Camera, size: ViewportSize? = nil) -> [CanonicalTileID] {
        TileCover.tiles(
            for: Transform(camera: camera, size: size ?? self.size), tileSize: 512, minZoom: 0, maxZoom: 22,
            roundZoom: false)
    }

    @Test(arguments: [
        (13.3, 512, false, 13), (13.3, 256, false, 14), (13.3, 1024, false, 12),
        (11.6, 256, true, 13), (11.4, 256, true, 12), (11.6, 512, true, 12),
        (0.2, 1024, false, 0), (-3, 512, true, 0),
    ])
    func coveringZoom(_ cameraZoom: Double, _ tileSize: Int, _ roundZoom: Bool, _ expected: Int) {
        #expect(TileCover.coveringZoom(cameraZoom: cameraZoom, tileSize: tileSize, roundZoom: roundZoom) == expected)
    }

    // Expected rotated and pitched sets below come from densely sampling the screen in Python,
    // mapping each sample to the ground independently (mercantile.xy for the centre) and flooring to tiles.

    @Test func rotating45DegreesCoversMoreAndKeepsTheFlatTiles() {
        let flat = Set(cover(Camera(center: chicago, zoom: 14)))
        let rotated = cover(Camera(center: chicago, zoom: 14, bearing: 45))
        #expect(flat.count == 6)
        #expect(rotated.count == 10)
        #expect(Set(rotated) == TileCoverMercantileTests.ids(14, [
            (4201, 6090), (4201, 6091), (4202, 6089), (4202, 6090), (4202, 6091),
            (4202, 6092), (4203, 6090), (4203, 6091), (4203, 6092), (4204, 6091),
        ]))
        #expect(flat.isSubset(of: Set(rotated)))
    }

    @Test func rotationCanCoverFewerTilesWhenTheViewSpansFewTiles() {
        // Same area, but the 45° quad's corners miss two of the flat view's corner tiles.
        let rotated = cover(Camera(center: chicago, zoom: 13.3, bearing: 45))
        #expect(Set(rotated) == TileCoverMercantileTests.ids(13, [
            (2100, 3044), (2100, 3045), (2101, 3044), (2101, 3045), (2101, 3046), (2102, 3045), (2102, 3046),
        ]))
        // It still holds the disc of radius 384 px around the centre, hence the north-up
        // square of side 384·√2 ≈ 543 px.
        let inscribed = cover(Camera(center: chicago, zoom: 13.3), size: ViewportSize(width: 543, height: 543))
        #expect(inscribed.count > 1)
        #expect(Set(inscribed).isSubset(of: Set(rotated)))
    }

    @Test func pitch60ReachesFurtherTowardsTheTopOfTheScreen() {
        let flat = cover(Camera(center: chicago, zoom: 13.3))
        let pitched = cover(Camera(center: chicago, zoom: 13.3, pitch: 60))
        #expect(pitched.count > flat.count)
        #expect(pitched.map(\.y).min()! < flat.map(\.y).min()!)
        #expect(pitched.first == flat.first)
        #expect(Set(pitched) == TileCoverMercantileTests.ids(13, [
            (2099, 3042), (2099, 3043), (2100, 3042), (2100, 3043), (2100, 3044), (2100, 3045), (2100, 3046),
            (2101, 3042), (2101, 3043), (2101, 3044), (2101, 3045), (2101, 3046), (2102, 3042), (2102, 3043),
            (2102, 3044), (2102, 3045), (2102, 3046), (2103, 3042), (2103, 3043),
        ]))
    }

    @Test func sortedNearestFirstStartingAtTheCentreTile() {
        let tiles = cover(Camera(center: chicago, zoom: 13.3))
        #expect(tiles.first == CanonicalTileID(z: 13, x: 2101, y: 3045))  // mercantile.tile(-87.65, 41.85, 13)
        // The corner tiles are the furthest from the centre, so they come last.
        let corners: Set<CanonicalTileID> = [
            .init(z: 13, x: 2100, y: 3044), .init(z: 13, x: 2102, y: 3044),
            .init(z: 13, x: 2100, y: 3046), .init(z: 13, x: 2102, y: 3046),
        ]
        #expect(Set(tiles.suffix(4)) == corners)
    }

    @Test func viewWiderThanTheWorldListsEachTileOnce() {
        let tiles = cover(Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0), size: ViewportSize(width: 2048, height: 1024))
        #expect(tiles == [CanonicalTileID(z: 0, x: 0, y: 0)])
        let z1 = cover(Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 1.2), size: ViewportSize(width: 4096, height: 600))
        #expect(z1.count == Set(z1).count)
        #expect(Set(z1) == [.init(z: 1, x: 0, y: 0), .init(z: 1, x: 1, y: 0), .init(z: 1, x: 0, y: 1), .init(z: 1, x: 1, y: 1)])
    }

    @Test func rowsAreClampedToTheWorld() {
        let tiles = cover(Camera(center: LngLat(longitude: 0, latitude: 80), zoom: 2.5))
        #expect(tiles.allSatisfy { (0..<4).contains($0.y) && (0..<4).contains($0.x) })
        #expect(tiles.contains { $0.y == 0 })
    }

    @Test func quadEdgeOnATileBoundaryDoesNotPullInTheNeighbour() {
        // Zoom 2: the world is 2048 px, (0,0) sits at 1024 px, so a 1024 px view spans exactly
        // 512...1536 px = tile units 1.0...3.0; tiles 0 and 3 only touch its edges.
        let tiles = cover(Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2), size: ViewportSize(width: 1024, height: 1024))
        let expected: Set<CanonicalTileID> = Set((1...2).flatMap { x in (1...2).map { CanonicalTileID(z: 2, x: x, y: $0) } })
        #expect(Set(tiles) == expected)
    }
}

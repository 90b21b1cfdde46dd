import Testing
@testable import MapWireGeometry

/// Flat, north-up views: the cover must equal mercantile.tiles(west, south, east, north, z)
/// for the bounds Transform.bounds() gives (see TransformTests). Expected tile lists were
/// computed offline with mercantile 1.2.1; mercantile's 256 px tiles use the same XYZ grid.
@Suite struct TileCoverMercantileTests {
    let size = ViewportSize(width: 1024, height: 768)

    static func cover(
        _ lon: Double, _ lat: Double, zoom: Double, size: ViewportSize,
        tileSize: Int = 512, minZoom: Int = 0, maxZoom: Int = 22, roundZoom: Bool = false
    ) -> [CanonicalTileID] {
        let transform = Transform(camera: Camera(center: LngLat(longitude: lon, latitude: lat), zoom: zoom), size: size)
        return TileCover.tiles(for: transform, tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom, roundZoom: roundZoom)
    }

    static func ids(_ z: Int, _ xy: [(Int, Int)]) -> Set<CanonicalTileID> {
        Set(xy.map { CanonicalTileID(z: z, x: $0.0, y: $0.1) })
    }

    @Test func chicagoZoom13_3() {
        // bounds (-87.68569468538676, 41.83005532257949, -87.61430531461325, 41.86993846091498), z13
        let tiles = Self.cover(-87.65, 41.85, zoom: 13.3, size: size)
        let expected = Self.ids(13, [
            (2100, 3044), (2100, 3045), (2100, 3046), (2101, 3044), (2101, 3045), (2101, 3046),
            (2102, 3044), (2102, 3045), (2102, 3046),
        ])
        #expect(tiles.count == expected.count)
        #expect(Set(tiles) == expected)
        #expect(tiles.first == CanonicalTileID(z: 13, x: 2101, y: 3045))
    }

    @Test func sanFranciscoZoom15_2() {
        // bounds (-122.42687199542013, 37.77047033707919, -122.41192800457985, 37.77932939753228), z15
        let tiles = Self.cover(-122.4194, 37.7749, zoom: 15.2, size: ViewportSize(width: 800, height: 600))
        let expected = Self.ids(15, [(5240, 12665), (5240, 12666), (5241, 12665), (5241, 12666)])
        #expect(tiles.count == expected.count)
        #expect(Set(tiles) == expected)
        #expect(tiles.first == CanonicalTileID(z: 15, x: 5241, y: 12665))
    }

    @Test func fijiAcrossTheAntimeridianWrapsX() {
        // bounds (178.9056310889564, -17.213726819521334, 180.8943689110436, -15.783629882956708), z8;
        // mercantile splits the wrapped bounds (178.9…, …, -179.1…, …) at the antimeridian.
        let tiles = Self.cover(179.9, -16.5, zoom: 8.5, size: size)
        let expected = Self.ids(8, [(0, 139), (0, 140), (255, 139), (255, 140)])
        #expect(tiles.count == expected.count)
        #expect(Set(tiles) == expected)
        #expect(tiles.first == CanonicalTileID(z: 8, x: 255, y: 139))
    }

    @Test func londonRaster256RoundsTheZoom() {
        // Zoom 11.6 + log2(512/256) = 12.6, rounded to 13.
        // bounds (-0.2182034179455265, 51.46488558524031, -0.03699658205447346, 51.549475154089095), z13
        let tiles = Self.cover(
            -0.1276, 51.5072, zoom: 11.6, size: ViewportSize(width: 800, height: 600), tileSize: 256, roundZoom: true)
        let expected = Self.ids(13, (4091...4095).flatMap { x in (2722...2725).map { (x, $0) } })
        #expect(tiles.count == 20)
        #expect(Set(tiles) == expected)
        #expect(tiles.first == CanonicalTileID(z: 13, x: 4093, y: 2724))
    }

    @Test func aboveMaxZoomUsesMaxZoomTiles() {
        // Camera zoom 16.7 would cover at z16; maxZoom 14 overzooms.
        // bounds (-87.65338143912358, 41.848110861676545, -87.64661856087643, 41.85188908253522), z14
        let tiles = Self.cover(-87.65, 41.85, zoom: 16.7, size: size, maxZoom: 14)
        #expect(tiles.count == 2)
        #expect(Set(tiles) == Self.ids(14, [(4202, 6091), (4203, 6091)]))
        #expect(tiles.first == CanonicalTileID(z: 14, x: 4202, y: 6091))
    }

    @Test func belowMinZoomIsEmpty() {
        #expect(Self.cover(-87.65, 41.85, zoom: 3.5, size: size, minZoom: 5).isEmpty)
        #expect(!Self.cover(-87.65, 41.85, zoom: 5.0, size: size, minZoom: 5).isEmpty)
    }
}

import Foundation
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer
import Testing

/// DEM tiles decoded as GL engines decode them, with borders filled from their neighbours.
@Suite struct DEMDataTests {
    /// A square image whose every pixel is `rgb`, but for pixel (x, y) of `marks`.
    static func image(size: Int, _ rgb: (UInt8, UInt8, UInt8), marks: [(x: Int, y: Int, rgb: (UInt8, UInt8, UInt8))] = []) -> CanvasImage {
        var bytes = [UInt8](repeating: 255, count: size * size * 4)
        for i in 0..<(size * size) { (bytes[i * 4], bytes[i * 4 + 1], bytes[i * 4 + 2]) = rgb }
        for mark in marks { (bytes[(mark.y * size + mark.x) * 4], bytes[(mark.y * size + mark.x) * 4 + 1], bytes[(mark.y * size + mark.x) * 4 + 2]) = mark.rgb }
        return CanvasImage(rgba: bytes, width: size, height: size)
    }

    @Test func theThreeEncodingsDecodeAsTheSpecificationSays() throws {
        // Mapbox: (R·65536 + G·256 + B) / 10 − 10000; Terrarium: R·256 + G + B/256 − 32768.
        let mapbox = try #require(DEMData(image: Self.image(size: 2, (1, 134, 160)), encoding: .mapbox))
        #expect(abs(Double(mapbox[0, 0]) - ((65536.0 + 134 * 256 + 160) / 10 - 10000)) < 1e-3)
        let terrarium = try #require(DEMData(image: Self.image(size: 2, (131, 44, 128)), encoding: .terrarium))
        #expect(abs(Double(terrarium[1, 1]) - (131 * 256 + 44 + 0.5 - 32768)) < 1e-3)
        let custom = DEMEncoding(source: ["encoding": "custom", "redFactor": 64, "greenFactor": 0.25, "blueFactor": 0, "baseShift": 100])
        let decoded = try #require(DEMData(image: Self.image(size: 2, (10, 8, 200)), encoding: custom))
        #expect(decoded[0, 1] == Float(10 * 64 + 2 - 100))
        // An encoding a GL engine does not know reads as the default.
        #expect(DEMEncoding(source: ["encoding": "lerc"]) == .mapbox)
    }

    @Test func aTileThatIsNotSquareIsRefused() {
        #expect(DEMData(image: CanvasImage(rgba: [UInt8](repeating: 0, count: 4 * 3 * 4), width: 4, height: 3), encoding: .mapbox) == nil)
    }

    @Test func theBorderRepeatsTheEdgeUntilANeighbourFillsIt() throws {
        let tile = try #require(DEMData(image: Self.image(size: 4, (128, 0, 0), marks: [(3, 0, (129, 0, 0))]), encoding: .terrarium))
        #expect(tile[4, 0] == tile[3, 0] && tile[4, -1] == tile[3, 0])
        #expect(tile[-1, 2] == tile[0, 2])
        var filled = tile
        let east = try #require(DEMData(image: Self.image(size: 4, (130, 0, 0), marks: [(0, 0, (140, 0, 0))]), encoding: .terrarium))
        filled.backfillBorder(from: east, dx: 1, dy: 0)
        // The east border is the east tile's west column; nothing else changes.
        #expect(filled[4, 0] == east[0, 0] && filled[4, 3] == east[0, 3])
        #expect(filled[4, -1] == tile[4, -1] && filled[-1, 0] == tile[-1, 0])
        let southWest = try #require(DEMData(image: Self.image(size: 4, (120, 0, 0)), encoding: .terrarium))
        filled.backfillBorder(from: southWest, dx: -1, dy: 1)
        #expect(filled[-1, 4] == southWest[3, 0])
    }

    @Test func neighboursAcrossTheAntimeridianFillTheBorder() throws {
        let west = CanonicalTileID(z: 1, x: 0, y: 0), east = CanonicalTileID(z: 1, x: 1, y: 0)
        let tiles = DEMTiles(images: [west: Self.image(size: 4, (128, 0, 0)), east: Self.image(size: 4, (130, 0, 0))], encoding: .terrarium)
        let w = try #require(tiles.tiles[west]), e = try #require(tiles.tiles[east])
        // Each is the other's neighbour both ways: east across the tile edge, west across the antimeridian.
        #expect(w[4, 1] == e[0, 1] && w[-1, 1] == e[3, 1])
        #expect(e[-1, 1] == w[3, 1] && e[4, 1] == w[0, 1])
    }

    @Test func elevationsAreInterpolatedBetweenPixelCentresAcrossTheBorder() throws {
        var tile = try #require(DEMData(image: Self.image(size: 2, (128, 0, 0)), encoding: .terrarium))
        let east = try #require(DEMData(image: Self.image(size: 2, (128, 10, 0)), encoding: .terrarium))
        tile.backfillBorder(from: east, dx: 1, dy: 0)
        #expect(tile.elevation(1, 1) == 0)
        // At the tile's east edge, half way between its last pixel and the neighbour's first.
        #expect(abs(tile.elevation(2, 1) - 5) < 1e-9)
        // Read nearest, the edge is the tile's own last pixel.
        #expect(tile.elevation(1.99, 1, nearest: true) == 0)
    }
}

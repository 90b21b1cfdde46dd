import Foundation
import Testing
import MapWireFormats

/// Raster MBTiles the test writes with the project's SQLite code: each tile format is recognised
/// (declared or sniffed) and its tiles decode to the colours that went in.
@Suite struct RasterMBTilesTests {
    static func encode(_ image: RGBAImage, as format: MBTilesFormat) throws -> Data {
        switch format {
        case .jpg: try ImageEncoder.jpeg(image, quality: 95)
        case .webp: try ImageEncoder.webp(image, lossless: false, quality: 95)
        case .png: try ImageEncoder.png(image)
        case .pbf: Data()
        }
    }

    @Test(arguments: [MBTilesFormat.jpg, .webp, .png])
    func rasterTilesDecodeToTheirColours(format: MBTilesFormat) throws {
        let path = TemporaryFiles.path("raster.\(format.rawValue).mbtiles")
        defer { TemporaryFiles.remove(path) }
        let tile = JPEGAndWebPDecodingTests.quadrants(side: 256)
        do {
            let writer = try MBTilesWriter(path: path, format: format)
            try writer.inTransaction {
                try writer.putTile(z: 0, x: 0, y: 0, data: try Self.encode(tile, as: format))
                try writer.putTile(z: 1, x: 1, y: 0, data: try Self.encode(tile, as: format))
            }
        }
        let reader = try MBTilesReader(path: path)
        #expect(reader.format == format)
        #expect(MBTilesFormat(sniffing: try #require(try reader.tile(z: 0, x: 0, y: 0))) == format)
        let image = try ImageDecoder.decode(try #require(try reader.tile(z: 1, x: 1, y: 0)))
        #expect(image.width == 256 && image.height == 256)
        #expect(JPEGAndWebPDecodingTests.pixel(image, 64, 64, isNear: [220, 30, 30, 255], tolerance: 8))
        #expect(JPEGAndWebPDecodingTests.pixel(image, 192, 64, isNear: [30, 200, 40, 255], tolerance: 8))
        #expect(JPEGAndWebPDecodingTests.pixel(image, 64, 192, isNear: [40, 50, 210, 255], tolerance: 8))
        #expect(JPEGAndWebPDecodingTests.pixel(image, 192, 192, isNear: [240, 220, 20, 255], tolerance: 8))
        let json = try TileJSON.parse(reader.tileJSON(tilesTemplate: "t/{z}/{x}/{y}"))
        #expect(json["format"] as? String == format.rawValue)
    }
}

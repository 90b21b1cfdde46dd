import Foundation
import MapWireFormats
import MapWireProtocol
import Testing

/// Raster MBTiles in JPEG and WebP, made by the test, loaded by the real loader and drawn by the
/// real renderer: each tile's colour appears where the tile is.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct RasterTileTests {
    static let red: [UInt8] = [220, 30, 30, 255], green: [UInt8] = [30, 200, 40, 255]
    static let blue: [UInt8] = [40, 50, 210, 255], yellow: [UInt8] = [240, 220, 20, 255]

    /// A 256-pixel tile: one colour, or four quadrants (red, green / blue, yellow).
    static func tile(_ colour: (_ left: Bool, _ top: Bool) -> [UInt8]) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<256 { for x in 0..<256 { pixels += colour(x < 128, y < 128) } }
        return RGBAImage(width: 256, height: 256, pixels: pixels)
    }

    static func quadrant(left: Bool, top: Bool) -> [UInt8] {
        switch (left, top) {
        case (true, true): red
        case (false, true): green
        case (true, false): blue
        case (false, false): yellow
        }
    }

    /// z0 holds the four colours in quadrants and each z1 tile one of them, so whichever zoom the
    /// renderer draws, the world shows red top-left, green top-right, blue and yellow below.
    static func writeTileset(_ path: String, format: MBTilesFormat) throws {
        func encoded(_ image: RGBAImage) throws -> Data {
            format == .webp ? try ImageEncoder.webp(image, lossless: false, quality: 95) : try ImageEncoder.jpeg(image, quality: 95)
        }
        let writer = try MBTilesWriter(path: path, format: format)
        try writer.inTransaction {
            try writer.putTile(z: 0, x: 0, y: 0, data: encoded(tile(quadrant)))
            for x in 0...1 {
                for y in 0...1 {
                    let colour = quadrant(left: x == 0, top: y == 0)
                    try writer.putTile(z: 1, x: x, y: y, data: encoded(tile { _, _ in colour }))
                }
            }
        }
    }

    @Test(arguments: [MBTilesFormat.jpg, .webp])
    func aRasterMBTilesSourceIsDrawnWithItsColours(format: MBTilesFormat) throws {
        let run = try TestRun()
        let tileset = run.file("photo.\(format.rawValue).mbtiles").path
        try Self.writeTileset(tileset, format: format)
        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        #expect(try run.send(.setSize(.with { $0.width = 512; $0.height = 512 })).ok)
        let style = """
            {"version":8,"center":[0,0],"zoom":0,
             "sources":{"photo":{"type":"raster","url":"mbtiles://\(tileset)","tileSize":256}},
             "layers":[{"id":"bg","type":"background","paint":{"background-color":"#000000"}},
                       {"id":"photo","type":"raster","source":"photo"}]}
            """
        #expect(try run.send(.setStyleJson(.with { $0.json = style })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors)")

        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok, "\(reply.error)")
        let image = try ImageDecoder.decode(reply.snapshot.png)
        #expect(image.width == 512 && image.height == 512)
        // The middle of each quarter of the view, away from tile edges where lossy codecs ring.
        for (x, y, colour) in [(128, 128, Self.red), (384, 128, Self.green), (128, 384, Self.blue), (384, 384, Self.yellow)] {
            let p = image.pixel(x: x, y: y)
            let near = zip([p.r, p.g, p.b, p.a], colour).allSatisfy { abs(Int($0) - Int($1)) <= 12 }
            #expect(near, "(\(x), \(y)) is \(p), expected \(colour)")
        }
    }
}

import Foundation
import MapWireFormats
import Synchronization
import Testing

/// Archives written by the PyPI `pmtiles` package, read back through `PMTilesReader`.
@Suite(.enabled(if: PyPIPMTilesWriter.isAvailable, PyPIPMTilesWriter.skipMessage))
struct PMTilesReaderTests {
    /// 6,000 distinct tiles at scattered z12 positions make the root too large for one directory, so
    /// the writer splits it into leaves; 50 identical z11 tiles become one entry with a run length.
    static func largeArchive(directories: String) throws -> (path: String, tiles: [PyPIPMTilesWriter.Tile]) {
        let path = TemporaryFiles.path("large-\(directories).pmtiles")
        let tiles = try PyPIPMTilesWriter.write([
            "output": path, "tile_type": "mvt", "tile_compression": "gzip", "internal": directories,
            "synthetic": ["zoom": 12, "count": 6000, "seed": 7, "repeat": 50],
            "metadata": ["name": "synthetic", "vector_layers": [["id": "things", "fields": [:]]]],
        ])
        return (path, tiles)
    }

    @Test(arguments: ["gzip", "none"])
    func everyTileOfAnArchiveWithLeavesAndRunsReadsBack(internalCompression: String) throws {
        let (path, tiles) = try Self.largeArchive(directories: internalCompression)
        defer { TemporaryFiles.remove(path) }
        let reader = try PMTilesReader(path: path)
        let header = try reader.headerNow()
        #expect(header.internalCompression == (internalCompression == "gzip" ? .gzip : PMTilesCompression.none))
        #expect(header.tileCompression == .gzip && header.tileType == .mvt)
        #expect(header.leafDirectoryLength > 0, "the writer made leaf directories")
        #expect(header.tileEntriesCount < header.addressedTilesCount, "identical tiles became a run")
        #expect(header.addressedTilesCount == UInt64(tiles.count))
        #expect(header.minZoom == 11 && header.maxZoom == 12)

        for tile in tiles {
            let read = try reader.tileNow(z: tile.z, x: tile.x, y: tile.y)
            #expect(read == tile.data, "\(tile.z)/\(tile.x)/\(tile.y)")
        }
        // Leaves are cached, but only a bounded number of them.
        #expect((1...64).contains(reader.cachedLeafDirectoryCount))

        // Tiles that are not there: a gap at z12, other zooms, outside the grid.
        let present = Set(tiles.map { "\($0.z)/\($0.x)/\($0.y)" })
        let gap = (0..<4096).lazy.map { (12, $0, 17) }.first { !present.contains("\($0.0)/\($0.1)/\($0.2)") }!
        #expect(try reader.tileNow(z: gap.0, x: gap.1, y: gap.2) == nil)
        #expect(try reader.tileNow(z: 3, x: 1, y: 1) == nil)
        #expect(try reader.tileNow(z: 14, x: 0, y: 0) == nil)
        #expect(try reader.tileNow(z: 12, x: 5000, y: 0) == nil)

        let metadata = try #require(try JSONSerialization.jsonObject(with: reader.metadataNow()) as? [String: Any])
        #expect(metadata["name"] as? String == "synthetic")
    }

    /// The async path (the one HTTP Range requests use) gives the same tiles, and after the first
    /// tile a tile in a cached leaf costs exactly one read.
    @Test func theAsyncPathReadsTheSameTilesAndCachesDirectories() async throws {
        let (path, tiles) = try Self.largeArchive(directories: "gzip")
        defer { TemporaryFiles.remove(path) }
        let source = CountingSource(file: try PMTilesFileSource(path: path))
        let reader = PMTilesReader(source: source)
        for tile in tiles.prefix(300) {
            #expect(try await reader.tile(z: tile.z, x: tile.x, y: tile.y) == tile.data)
        }
        let first = tiles[0]
        let before = source.reads
        #expect(try await reader.tile(z: first.z, x: first.x, y: first.y) == first.data)
        #expect(source.reads == before + 1)
        #expect(try await reader.header().maxZoom == 12)
        // The synchronous entry points refuse a source that can only answer asynchronously.
        #expect(throws: PMTilesError.self) { _ = try reader.tileNow(z: 0, x: 0, y: 0) }
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func chicagoVectorTilesReadBackWithTheirTileJSON() throws {
        let fixtures = try #require(SharedFixtures.directory)
        let folder = fixtures.appendingPathComponent("tiles/streets-v7/chicago")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mvt") }
        let specTiles: [[Any]] = names.map { name in
            let parts = name.dropLast(4).split(separator: "-").compactMap { Int($0) }
            return [parts[0], parts[1], parts[2], folder.appendingPathComponent(name).path]
        }
        let path = TemporaryFiles.path("chicago.pmtiles")
        defer { TemporaryFiles.remove(path) }
        let layers: [[String: Any]] = [["id": "road", "fields": ["class": "String"]], ["id": "water", "fields": [:]]]
        let tiles = try PyPIPMTilesWriter.write([
            "output": path, "tile_type": "mvt", "tile_compression": "gzip", "tiles": specTiles,
            "metadata": ["name": "Chicago streets", "attribution": "© OpenStreetMap", "vector_layers": layers],
            "header": ["min_lon_e7": -877_000_000, "min_lat_e7": 418_000_000, "max_lon_e7": -875_000_000,
                       "max_lat_e7": 419_500_000, "center_zoom": 13, "center_lon_e7": -876_250_000, "center_lat_e7": 418_750_000],
        ])
        #expect(tiles.count == names.count && tiles.count > 20)
        let reader = try PMTilesReader(path: path)
        for tile in tiles {
            let original = try Data(contentsOf: folder.appendingPathComponent("\(tile.z)-\(tile.x)-\(tile.y).mvt"))
            #expect(try reader.tileNow(z: tile.z, x: tile.x, y: tile.y) == original)
        }
        let json = try reader.tileJSONNow(tilesTemplate: "pmtiles://\(path)/{z}/{x}/{y}")
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["tiles"] as? [String] == ["pmtiles://\(path)/{z}/{x}/{y}"])
        #expect(object["format"] as? String == "pbf" && object["scheme"] as? String == "xyz")
        #expect(object["minzoom"] as? Int == 13 && object["maxzoom"] as? Int == 13)
        #expect(object["name"] as? String == "Chicago streets" && object["attribution"] as? String == "© OpenStreetMap")
        #expect((object["vector_layers"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["road", "water"])
        #expect(object["bounds"] as? [Double] == [-87.7, 41.8, -87.5, 41.95])
        #expect(object["center"] as? [Double] == [-87.625, 41.875, 13])
    }

    @Test func pngTilesStoredUncompressedGiveARasterTileJSON() throws {
        let path = TemporaryFiles.path("raster.pmtiles")
        defer { TemporaryFiles.remove(path) }
        var specTiles: [[Any]] = []
        for (z, x, y, shade) in [(0, 0, 0, UInt8(10)), (1, 0, 0, 80), (1, 1, 0, 120), (1, 0, 1, 160), (1, 1, 1, 200)] {
            let png = try ImageEncoder.png(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: shade, count: 64)))
            let file = path + ".\(z)-\(x)-\(y).png"
            try png.write(to: URL(fileURLWithPath: file))
            specTiles.append([z, x, y, file])
        }
        let tiles = try PyPIPMTilesWriter.write([
            "output": path, "tile_type": "png", "tile_compression": "none", "tiles": specTiles,
            "metadata": ["name": "shades", "vector_layers": [["id": "ignored"]]],
        ])
        let reader = try PMTilesReader(path: path)
        #expect(try reader.headerNow().tileCompression == PMTilesCompression.none)
        for tile in tiles {
            let data = try #require(try reader.tileNow(z: tile.z, x: tile.x, y: tile.y))
            #expect(data == tile.data && ImageFormat(sniffing: data) == .png)
        }
        let object = try #require(try JSONSerialization.jsonObject(with: reader.tileJSONNow(tilesTemplate: "t")) as? [String: Any])
        #expect(object["format"] as? String == "png")
        #expect(object["vector_layers"] == nil, "raster archives have no vector layers")
        // The writer's default bounds reach ±90°: clamped to what Web Mercator shows.
        #expect(object["bounds"] as? [Double] == [-180, -85.051129, 180, 85.051129])
        #expect(object["minzoom"] as? Int == 0 && object["maxzoom"] as? Int == 1)
    }
}

/// A file source that is not synchronous (like an HTTP one) and counts its reads.
final class CountingSource: PMTilesByteSource {
    let file: PMTilesFileSource
    private let count = Mutex(0)
    init(file: PMTilesFileSource) { self.file = file }
    var name: String { file.name }
    var reads: Int { count.withLock { $0 } }
    func read(offset: UInt64, length: Int) async throws -> Data {
        count.withLock { $0 += 1 }
        return try file.readNow(offset: offset, length: length)
    }
}

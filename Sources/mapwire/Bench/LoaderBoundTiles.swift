import Foundation
import MapWireDemo
import MapWireFormats
import MapWireGeometry
import MapWireVectorTile

/// An MBTiles file of many distinct gzip-compressed vector tiles, for the loader-bound requests figure:
/// requested round robin, each load makes the loader query SQLite and inflate a real tile, because
/// there are more tiles than its inflate memo keeps (`InflatedTiles`, 128 tiles), and no two stored
/// tiles are the same bytes.
///
/// The tiles are real streets-v7 fixture tiles (OpenStreetMap data) when the fixtures are there, the demo
/// town's otherwise (LoaderBoundTileSet). Copy `i` is a source tile with one extension field (number 16, the
/// first of vector_tile.proto's `extensions 16 to 8191`) naming the copy appended: every MVT reader skips
/// it, so each copy decodes to its source's layers, yet its bytes, compressed and inflated, are its own.
struct LoaderBoundTiles {
    /// The file, and the `mbtiles://` URL of every tile in it, in the order to ask for them.
    let path: URL
    let urls: [String]
    /// Where the tiles came from ("Chicago fixtures", "demo town"), how many sources, their sizes.
    let origin: String
    let sources: Int
    let inflatedBytes: Int
    let storedBytes: Int

    /// Tiles per file: five times the loader's memo, so that even a loader given every other request
    /// (two loaders taking turns) sees more distinct tiles than it keeps.
    static let defaultCount = 640
    /// Where the copies go: zoom 14, 64 tiles a row (any valid grid position does).
    static let zoom = 14
    static let columns = 64

    static func write(to folder: URL, set: LoaderBoundTileSet, fixtures: URL?, count: Int = defaultCount) throws -> LoaderBoundTiles {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (sources, origin) = try sourceTiles(set, fixtures: fixtures, scratch: folder)
        guard !sources.isEmpty else { throw BenchError("no source tiles for the loader-bound tile set") }
        let path = folder.appendingPathComponent("loader-bound.mbtiles")
        try? FileManager.default.removeItem(at: path)
        let writer = try MBTilesWriter(path: path.path, format: .pbf)
        var urls: [String] = [], inflated = 0, stored = 0
        try writer.inTransaction {
            for index in 0..<count {
                let tile = distinctCopy(of: sources[index % sources.count], index: index)
                // Stored as other tools store vector tiles: gzip (MBTilesWriter would do it too; done here to count the bytes).
                let compressed = Gzip.compress(tile)
                let (x, y) = position(index)
                try writer.putTile(z: zoom, x: x, y: y, data: compressed)
                urls.append("mbtiles://\(path.path)/\(zoom)/\(x)/\(y)")
                inflated += tile.count
                stored += compressed.count
            }
        }
        // Each source's first copy must decode to the source's layers: a copy that did not would measure errors.
        for (index, source) in sources.enumerated() where index < count {
            guard try MVTDecoder.decode(distinctCopy(of: source, index: index)) == MVTDecoder.decode(source) else {
                throw BenchError("a loader-bound tile copy does not decode to its source tile")
            }
        }
        return LoaderBoundTiles(path: path, urls: urls, origin: origin, sources: sources.count, inflatedBytes: inflated, storedBytes: stored)
    }

    /// Where copy `index` is stored (XYZ at `zoom`).
    static func position(_ index: Int) -> (x: Int, y: Int) { (index % columns, index / columns) }

    /// `tile` (an uncompressed MVT) with field 16 (length-delimited) holding "mapwire bench copy N".
    static func distinctCopy(of tile: Data, index: Int) -> Data {
        let mark = Array("mapwire bench copy \(index)".utf8)
        var copy = tile
        copy.append(contentsOf: [0x82, 0x01])  // key: field 16, wire type 2 (varint 130)
        copy.append(UInt8(mark.count))  // < 128: one varint byte
        copy.append(contentsOf: mark)
        return copy
    }

    /// Uncompressed source tiles of `set`; the demo town's z14 tiles when the fixtures are absent.
    private static func sourceTiles(_ set: LoaderBoundTileSet, fixtures: URL?, scratch: URL) throws -> ([Data], String) {
        if let fixtures, !set.cities.isEmpty {
            var tiles: [Data] = []
            for city in set.cities {
                let folder = fixtures.appendingPathComponent("tiles/streets-v7/\(city)", isDirectory: true)
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
                tiles += try names.filter { $0.hasSuffix(".mvt") }.sorted().map { name in
                    let data = try Data(contentsOf: folder.appendingPathComponent(name))
                    return Gzip.isCompressed(data) ? try Gzip.decompress(data) : data
                }
            }
            if !tiles.isEmpty { return (tiles, set.title) }
        }
        // The town's z14 tiles are its largest (10–15 KiB; z15 and z16 hold 1–6 KiB).
        let style = try DemoData.write(to: scratch.appendingPathComponent("demo", isDirectory: true))
        let reader = try MBTilesReader(path: style.deletingLastPathComponent().appendingPathComponent("town.mbtiles").path)
        let center = LngLat(longitude: DemoData.center.longitude, latitude: DemoData.center.latitude)
        let cover = TileCover.tiles(for: Transform(camera: Camera(center: center, zoom: 14), size: ViewportSize(width: 2048, height: 2048)),
                                    tileSize: 512, minZoom: 14, maxZoom: 14, roundZoom: false)
        let tiles = try cover.compactMap { id in try reader.tile(z: id.z, x: id.x, y: id.y) }.filter { !$0.isEmpty }
        return (tiles, "the demo town's z14 tiles" + (set.cities.isEmpty ? "" : " (no fixtures)"))
    }
}

/// Which real tiles the loader-bound figure inflates (`mapwire bench --loader-tiles`).
enum LoaderBoundTileSet: String, CaseIterable {
    case cities, chicago, bangkok, sanfrancisco, demo

    /// The fixture cities whose streets-v7 tiles are used (none: the demo town's).
    var cities: [String] {
        switch self {
        case .cities: ["chicago", "bangkok", "sanfrancisco"]
        case .chicago, .bangkok, .sanfrancisco: [rawValue]
        case .demo: []
        }
    }

    var title: String {
        switch self {
        case .cities: "the Chicago, Bangkok and San Francisco fixture tiles (streets-v7)"
        case .chicago: "the Chicago fixture tiles (streets-v7 z13)"
        case .bangkok: "the Bangkok fixture tiles (streets-v7 z12)"
        case .sanfrancisco: "the San Francisco fixture tiles (streets-v7 z15)"
        case .demo: "the demo town's z14 tiles"
        }
    }
}

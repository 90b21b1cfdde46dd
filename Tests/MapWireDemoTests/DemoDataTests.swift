import Foundation
import Testing
import MapWireFormats
import MapWireVectorTile
@testable import MapWireDemo

@Suite struct DemoDataTests {
    static let expectedFiles = [
        "style.json", "town.mbtiles", "sprite.png", "sprite.json", "sprite@2x.png", "sprite@2x.json",
        "glyphs/MapWire Sans/0-255.pbf",
    ]

    @Test func writesEveryFileAndAStyleThatPointsAtThem() throws {
        let styleURL = try GeneratedDemo.styleURL()
        #expect(styleURL.lastPathComponent == "style.json")
        for name in Self.expectedFiles {
            #expect(FileManager.default.fileExists(atPath: try GeneratedDemo.file(name).path), "\(name) missing")
        }
        let style = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: styleURL)) as? [String: Any])
        #expect(style["version"] as? Int == 8)
        #expect(style["name"] as? String == "MapWire demo town")
        #expect(style["zoom"] as? Int == DemoData.defaultZoom)
        #expect(style["center"] as? [Double] == [DemoData.center.longitude, DemoData.center.latitude])
        let directory = GeneratedDemo.directory.standardizedFileURL.path
        let sources = try #require(style["sources"] as? [String: [String: String]])
        #expect(sources["town"]?["type"] == "vector")
        #expect(sources["town"]?["url"] == "mbtiles://\(directory)/town.mbtiles")
        #expect(style["sprite"] as? String == "file://\(directory)/sprite")
        #expect(style["glyphs"] as? String == "file://\(directory)/glyphs/{fontstack}/{range}.pbf")
        let layers = try #require(style["layers"] as? [[String: Any]])
        #expect(layers.map { $0["type"] as? String } == ["background", "fill", "fill", "fill", "line", "line", "symbol", "symbol"])
        let poi = try #require(layers.first { $0["id"] as? String == "poi" }?["layout"] as? [String: Any])
        #expect(poi["icon-image"] as? String == "{maki}")
        #expect(poi["text-font"] as? [String] == ["MapWire Sans"])
    }

    @Test func tilesetHasMetadataAndTilesAtEveryZoom() throws {
        let reader = try MBTilesReader(path: try GeneratedDemo.file("town.mbtiles").path)
        #expect(reader.format == .pbf)
        let metadata = reader.metadata()
        #expect(metadata["minzoom"] == "12")
        #expect(metadata["maxzoom"] == "16")
        #expect(metadata["center"] == "13.400000,52.500000,14")
        let json = try #require(try JSONSerialization.jsonObject(with: reader.tileJSON(tilesTemplate: "t/{z}/{x}/{y}")) as? [String: Any])
        let layerIDs = (json["vector_layers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(layerIDs == ["water", "landuse", "road", "building", "poi"])

        for z in 12...16 {
            let centre = TileMath.tile(longitude: DemoData.center.longitude, latitude: DemoData.center.latitude, zoom: z)
            #expect(try reader.tile(z: z, x: centre.x, y: centre.y) != nil, "no centre tile at z\(z)")
        }
    }

    @Test(arguments: [14, 16])
    func centreTileDecodesToTheTownLayers(zoom: Int) throws {
        let reader = try MBTilesReader(path: try GeneratedDemo.file("town.mbtiles").path)
        let centre = TileMath.tile(longitude: DemoData.center.longitude, latitude: DemoData.center.latitude, zoom: zoom)
        let data = try #require(try reader.tile(z: zoom, x: centre.x, y: centre.y))
        #expect(!Gzip.isCompressed(data))
        let layers = Dictionary(uniqueKeysWithValues: try VectorTileDecoder.decode(data).map { ($0.name, $0) })
        for name in ["road", "building", "poi"] {
            #expect(layers[name]?.features.isEmpty == false, "layer \(name) missing at z\(zoom)")
        }

        let roads = try #require(layers["road"]).features
        #expect(roads.allSatisfy { [TileValue.string("main"), .string("street")].contains($0.properties["class"]) })
        #expect(roads.contains { $0.properties["name"] == .string("Grand Avenue") })
        for road in roads {
            guard case .lineStrings(let lines) = road.geometry else { Issue.record("road is not a line"); continue }
            #expect(lines.allSatisfy { $0.count >= 2 && $0.allSatisfy(Self.insideBuffer) })
        }
        for building in try #require(layers["building"]).features {
            guard case .polygons(let polygons) = building.geometry else { Issue.record("building is not a polygon"); continue }
            #expect(polygons.allSatisfy { $0[0].count >= 3 && RingArea.doubledSignedArea($0[0]) > 0 })
        }
        let icons = Set(SpriteIconCatalog.all.map(\.name))
        for poi in try #require(layers["poi"]).features {
            guard case .string(let maki) = poi.properties["maki"] else { Issue.record("poi without maki"); continue }
            #expect(icons.contains(maki))
            #expect(poi.properties["name"] != nil)
        }
    }

    @Test func rewritingIsIdempotentAndDeterministic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-demo-determinism-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try DemoData.write(to: directory)
        let first = try Self.contents(of: directory)
        try DemoData.write(to: directory)
        #expect(try Self.contents(of: directory) == first)
        // A second directory differs only in the style's absolute paths.
        let shared = try Self.contents(of: GeneratedDemo.styleURL().deletingLastPathComponent())
        #expect(shared.filter { $0.key != "style.json" } == first.filter { $0.key != "style.json" })
    }

    @Test func generationIsFast() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-demo-timing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try DemoData.write(to: directory) }
        #expect(elapsed < .seconds(2), "generation took \(elapsed)")
    }

    static func insideBuffer(_ point: TilePoint) -> Bool {
        (-64...4160).contains(point.x) && (-64...4160).contains(point.y)
    }

    /// Every file's bytes by relative path; tiles compared by content, not SQLite page layout.
    static func contents(of directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in expectedFiles where name != "town.mbtiles" {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        let database = try SQLiteDatabase(path: directory.appendingPathComponent("town.mbtiles").path, mode: .readOnly)
        let rows = try database.prepare("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles ORDER BY 1, 2, 3")
        while try rows.step() {
            result["tile \(rows.int(0))/\(rows.int(1))/\(rows.int(2))"] = rows.blob(3)
        }
        let metadata = try database.prepare("SELECT name, value FROM metadata ORDER BY name")
        while try metadata.step() {
            result["metadata \(metadata.text(0) ?? "")"] = Data((metadata.text(1) ?? "").utf8)
        }
        return result
    }
}

enum TileMath {
    static func tile(longitude: Double, latitude: Double, zoom: Int) -> (x: Int, y: Int) {
        let world = WorldUnits.world(longitude: longitude, latitude: latitude)
        return WorldUnits.tile(worldX: world.x, worldY: world.y, zoom: zoom)
    }
}

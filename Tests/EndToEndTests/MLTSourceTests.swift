import Foundation
import MapWireFormats
import MapWireProtocol
import Testing

/// A vector source with `"encoding": "mlt"`: the real loader reads MapLibre Tiles from a folder, the
/// core passes them on, and the real renderer decodes them by the style's encoding. The same
/// OpenMapTiles tile as MVT and as the MapLibre Tile reference encoder's MLT of it draws the same frame.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct MLTSourceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MapWireVectorTileTests/Fixtures/mlt/openmaptiles")
    static let tile = (z: 11, x: 1062, y: 1368)

    /// Every layer type that reads features, each with a data-driven property.
    static func style(folder: URL, ext: String, encoding: String?) -> String {
        let n = Double(1 << tile.z)
        let longitude = (Double(tile.x) + 0.5) / n * 360 - 180
        let latitude = atan(sinh(Double.pi * (1 - 2 * (Double(tile.y) + 0.5) / n))) * 180 / .pi
        let encodingMember = encoding.map { #""encoding":"\#($0)","# } ?? ""
        return """
            {"version":8,"center":[\(longitude),\(latitude)],"zoom":\(tile.z),
             "sources":{"omt":{"type":"vector",\(encodingMember)"tiles":["file://\(folder.path)/{z}/{x}/{y}.\(ext)"],"minzoom":\(tile.z),"maxzoom":\(tile.z)}},
             "layers":[{"id":"bg","type":"background","paint":{"background-color":"#f8f4f0"}},
               {"id":"landcover","type":"fill","source":"omt","source-layer":"landcover",
                "paint":{"fill-color":["match",["get","class"],"wood","#6a9a5a","grass","#b8d8a0","farmland","#e8e0b0","#c0c8b0"]}},
               {"id":"landuse","type":"fill","source":"omt","source-layer":"landuse","paint":{"fill-color":"#e0c8c8","fill-opacity":0.7}},
               {"id":"water","type":"fill","source":"omt","source-layer":"water","paint":{"fill-color":"#6090d0"}},
               {"id":"park","type":"fill","source":"omt","source-layer":"park","paint":{"fill-color":"#90c070","fill-outline-color":"#407030"}},
               {"id":"waterway","type":"line","source":"omt","source-layer":"waterway","paint":{"line-color":"#3060c0","line-width":2}},
               {"id":"roads","type":"line","source":"omt","source-layer":"transportation",
                "paint":{"line-color":["match",["get","class"],"motorway","#d04020","primary","#e08030","#707070"],
                         "line-width":["match",["get","class"],"motorway",4,"primary",3,1.5]}},
               {"id":"boundary","type":"line","source":"omt","source-layer":"boundary","paint":{"line-color":"#8040a0","line-dasharray":[3,2]}},
               {"id":"buildings","type":"fill","source":"omt","source-layer":"building","paint":{"fill-color":"#a09080"}},
               {"id":"places","type":"circle","source":"omt","source-layer":"place",
                "paint":{"circle-radius":["min",8,["+",2,["to-number",["get","rank"],1]]],"circle-color":"#202020"}}]}
            """
    }

    static func snapshot(ext: String, encoding: String?) throws -> (image: RGBAImage, errors: [Mapwire_V1_MapLoadingError]) {
        let run = try TestRun()
        let folder = run.file("tiles")
        let dir = folder.appendingPathComponent("\(tile.z)/\(tile.x)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(contentsOf: fixtures.appendingPathComponent("\(tile.z)_\(tile.x)_\(tile.y).\(ext)"))
            .write(to: dir.appendingPathComponent("\(tile.y).\(ext)"))
        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        // Smaller than the 512 px tile and centred on it: the view needs this tile and no other.
        #expect(try run.send(.setSize(.with { $0.width = 480; $0.height = 480 })).ok)
        #expect(try run.send(.setStyleJson(.with { $0.json = style(folder: folder, ext: ext, encoding: encoding) })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 60) { topic, _ in topic == "map-idle" })
        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok, "\(reply.error)")
        return (try ImageDecoder.decode(reply.snapshot.png), log.loadingErrors)
    }

    @Test func anMLTSourceDrawsAsItsMVTDoes() throws {
        let mvt = try Self.snapshot(ext: "mvt", encoding: nil)
        let mlt = try Self.snapshot(ext: "mlt", encoding: "mlt")
        #expect(mvt.errors.isEmpty, "\(mvt.errors)")
        #expect(mlt.errors.isEmpty, "\(mlt.errors)")
        #expect(mvt.image.width == mlt.image.width && mvt.image.height == mlt.image.height)
        let pixels = mvt.image.width * mvt.image.height
        var same = 0, drawn = 0
        for y in 0..<mvt.image.height {
            for x in 0..<mvt.image.width {
                let a = mvt.image.pixel(x: x, y: y), b = mlt.image.pixel(x: x, y: y)
                if a == b { same += 1 }
                if a != (248, 244, 240, 255) { drawn += 1 }
            }
        }
        // The tile is drawn (most of the view is features, not background) and drawn alike.
        #expect(drawn > pixels / 2, "only \(drawn) of \(pixels) pixels show features")
        #expect(Double(same) / Double(pixels) >= 0.999, "\(same) of \(pixels) pixels alike")
    }

    @Test func mltTilesUnderAnMVTSourceAreReportedNotDrawn() throws {
        // The encoding is the style's to say: the same bytes without it are a broken MVT tile.
        let mislabelled = try Self.snapshot(ext: "mlt", encoding: nil)
        let tileErrors = mislabelled.errors.filter { $0.type == .tile }
        #expect(tileErrors.count == 1, "\(mislabelled.errors)")
        #expect(tileErrors.first?.message.contains("cannot be used") == true, "\(tileErrors)")
    }
}

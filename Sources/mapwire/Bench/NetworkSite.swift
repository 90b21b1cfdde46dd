import Foundation
import MapEngine
import MapWireGeometry
import MapWireProcess

/// What the network section serves from nginx on loopback: a grid of 1,000 tiles at zoom 10 (copies of
/// the Chicago fixture tiles under z/x/y names) with a style over them, and bright-v9 over Chicago with
/// its TileJSON, glyphs and sprite. Everything under `/fresh/` (expires in an hour: a cached copy is fresh).
struct NetworkSite {
    let nginx: NginxProcess

    /// The grid: x in 100..<140, y in 300..<325 at zoom 10 (40 × 25 = 1,000 tiles).
    static let gridZoom = 10
    static let gridX = 100..<140
    static let gridY = 300..<325

    var base: String { "\(nginx.baseURL)/fresh" }

    func gridTileURL(x: Int, y: Int) -> String { "\(base)/grid/\(Self.gridZoom)/\(x)/\(y).mvt" }

    var gridTileURLs: [String] { Self.gridX.flatMap { x in Self.gridY.map { y in gridTileURL(x: x, y: y) } } }

    /// The grid's box W,S,E,N, a hundredth of a tile inside its edges so the cover is exactly the grid.
    var gridBounds: String {
        let inset = 0.01, zoom = Double(Self.gridZoom)
        // Tile units to world px of the engine's Web Mercator (512 px tiles).
        func corner(_ x: Double, _ y: Double) -> LngLat { WebMercator.unproject(x: x * 512, y: y * 512, zoom: zoom) }
        let northWest = corner(Double(Self.gridX.lowerBound) + inset, Double(Self.gridY.lowerBound) + inset)
        let southEast = corner(Double(Self.gridX.upperBound) - inset, Double(Self.gridY.upperBound) - inset)
        return "\(northWest.longitude),\(southEast.latitude),\(southEast.longitude),\(northWest.latitude)"
    }

    /// The grid's tiles (cycling through the Chicago tiles) and a style with one line layer over them;
    /// returns the style's URL.
    func publishGrid(fixtures: URL) throws -> String {
        let tiles = try Self.chicagoTiles(fixtures)
        var index = 0
        for x in Self.gridX {
            for y in Self.gridY {
                try nginx.put("fresh/grid/\(Self.gridZoom)/\(x)/\(y).mvt", tiles[index % tiles.count])
                index += 1
            }
        }
        let style: [String: Any] = [
            "version": 8,
            "sources": ["grid": ["type": "vector", "tiles": ["\(base)/grid/{z}/{x}/{y}.mvt"], "minzoom": Self.gridZoom, "maxzoom": Self.gridZoom]],
            "layers": [["id": "roads", "type": "line", "source": "grid", "source-layer": "road"]],
        ]
        try nginx.put("fresh/grid-style.json", JSONSerialization.data(withJSONObject: style))
        return "\(base)/grid-style.json"
    }

    /// bright-v9 with its source, glyphs and sprite on nginx (as the offline region's end-to-end test
    /// publishes it, plus the sprite the load section builds); returns the style's URL.
    func publishChicago(fixtures: URL, sprite: URL) throws -> String {
        let styleFile = fixtures.appendingPathComponent("styles/bright-v9.json")
        guard var style = try JSONSerialization.jsonObject(with: Data(contentsOf: styleFile)) as? [String: Any] else {
            throw BenchError("\(styleFile.path) is not a JSON object")
        }
        style["sources"] = ["mapbox": ["type": "vector", "url": "\(base)/streets.json"]]
        style["glyphs"] = "\(base)/fonts/{fontstack}/{range}.pbf"
        style["sprite"] = "\(base)/sprite/bright-v9"
        try nginx.put("fresh/style.json", JSONSerialization.data(withJSONObject: style))
        try nginx.put("fresh/streets.json", Data(#"{"tiles": ["\#(base)/chicago/{z}-{x}-{y}.mvt"], "minzoom": 0, "maxzoom": 14}"#.utf8))
        let tiles = fixtures.appendingPathComponent("tiles/streets-v7/chicago")
        for name in try FileManager.default.contentsOfDirectory(atPath: tiles.path) where name.hasSuffix(".mvt") {
            try nginx.put("fresh/chicago/\(name)", Data(contentsOf: tiles.appendingPathComponent(name)))
        }
        for suffix in [".json", ".png", "@2x.json", "@2x.png"] {
            let file = URL(fileURLWithPath: sprite.path + suffix)
            if FileManager.default.fileExists(atPath: file.path) { try nginx.put("fresh/sprite/bright-v9\(suffix)", Data(contentsOf: file)) }
        }
        // Each font stack served from its first font's folder (a link nginx follows).
        let fonts = nginx.www.appendingPathComponent("fresh/fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let document = try StyleDocument(data: Data(contentsOf: styleFile), baseURL: nil)
        for stack in document.fontStacks where !stack.isEmpty {
            try FileManager.default.createSymbolicLink(at: fonts.appendingPathComponent(stack.joined(separator: ",")),
                                                       withDestinationURL: fixtures.appendingPathComponent("glyphs/\(stack[0])"))
        }
        return "\(base)/style.json"
    }

    static func chicagoTiles(_ fixtures: URL) throws -> [Data] {
        let folder = fixtures.appendingPathComponent("tiles/streets-v7/chicago")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mvt") }.sorted()
        guard !names.isEmpty else { throw BenchError("no .mvt tiles in \(folder.path)") }
        return try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    }

    /// Requests nginx logged for paths containing `fragment`.
    func loggedRequests(containing fragment: String) -> Int {
        nginx.accessLog.split(separator: "\n").filter { $0.contains(fragment) }.count
    }
}

import Foundation
import MapWireGeometry

/// The core's resident memory over a long pan: bright-v9 over Chicago, then the camera moved across
/// 200 distinct tiles and back to the start, repeated; the core's RSS (/proc/PID/status VmRSS) is read
/// after each repetition. Flat figures mean the core's tile store and caches stay bounded.
///
/// The fixtures hold 30 Chicago tiles, so a 22×12 grid of tile files (symbolic links to them in turn)
/// is laid out in the scratch folder: each grid position is a distinct tile to the core.
struct MemoryBenchmark {
    let scratch: URL
    let fixtures: URL
    let repetitions: Int
    var launchArguments: [String] = []

    /// The grid's west and north tiles at zoom 13, one tile west and north of the Chicago fixtures.
    static let zoom = 13, west = 2087, north = 3037, columns = 22, rows = 12

    struct Samples {
        var afterLoadMiB: Double = 0
        var afterRepetitionMiB: [Double] = []
        var tilesPerRepetition = 0
    }

    func run() throws -> Samples {
        let tiles = try layOutTiles()
        var scene = try LoadScene.chicago(fixtures: fixtures, scratch: scratch)
        scene.rewrites[0] = "mapbox://mapbox.mapbox-streets-v7=file://\(tiles.path)/{z}-{x}-{y}.mvt"
        var arguments = launchArguments
        for rule in scene.rewrites { arguments += ["--rewrite", rule] }
        let map = try BenchMap(scratch: scratch, name: "memory", plugins: ["loader", "renderer"], arguments: arguments)
        defer { map.stop() }
        guard let core = map.launcher.core else { throw BenchError("the memory benchmark's core did not start") }
        let watcher = try MapWatcher(endpoint: map.directory.eventsEndpoint)
        let stops = Self.stops()
        try map.client.run(.setSize(.with { $0.width = 512; $0.height = 512 }))
        try jump(map, to: stops[0], zoom: Double(Self.zoom))
        try watcher.drain()
        try map.client.run(.setStyleUri(.with { $0.uri = scene.styleURL }))
        _ = try watcher.waitForIdle(timeoutSeconds: 120)
        var samples = Samples()
        samples.afterLoadMiB = try Self.residentMiB(pid: core.pid)
        samples.tilesPerRepetition = Self.coveredTiles(stops).count
        for _ in 0..<repetitions {
            for stop in stops.dropFirst() + [stops[0]] {
                try watcher.drain()
                try jump(map, to: stop, zoom: nil)
                _ = try watcher.waitForIdle(timeoutSeconds: 120)
            }
            samples.afterRepetitionMiB.append(try Self.residentMiB(pid: core.pid))
        }
        return samples
    }

    private func jump(_ map: BenchMap, to center: LngLat, zoom: Double?) throws {
        try map.client.run(.jumpTo(.with {
            $0.center = .with { $0.longitude = center.longitude; $0.latitude = center.latitude }
            if let zoom { $0.zoom = zoom }
        }))
    }

    /// Camera centres on the corners between 2×2 blocks of grid tiles, row by row (a 512² view at
    /// zoom 13 spans one 512-pixel tile, so each stop shows four tiles no other stop shows): 50
    /// stops, 200 tiles, inside the grid's one-tile border.
    static func stops() -> [LngLat] {
        var stops: [LngLat] = []
        for row in 0..<5 {
            let columnsInOrder = row % 2 == 0 ? Array(0..<10) : Array((0..<10).reversed())
            for column in columnsInOrder {
                let x = Double(west + 2 + 2 * column) * 512, y = Double(north + 2 + 2 * row) * 512
                stops.append(WebMercator.unproject(x: x, y: y, zoom: Double(zoom)))
            }
        }
        return stops
    }

    /// The zoom-13 tiles the stops' views cover.
    static func coveredTiles(_ stops: [LngLat]) -> Set<CanonicalTileID> {
        var tiles: Set<CanonicalTileID> = []
        for stop in stops {
            let transform = Transform(camera: Camera(center: stop, zoom: Double(zoom)), size: ViewportSize(width: 512, height: 512))
            tiles.formUnion(TileCover.tiles(for: transform, tileSize: 512, minZoom: zoom, maxZoom: zoom, roundZoom: false))
        }
        return tiles
    }

    /// The grid of tile files, each a link to one of the Chicago fixture tiles.
    private func layOutTiles() throws -> URL {
        let folder = scratch.appendingPathComponent("memory-tiles", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let chicago = fixtures.appendingPathComponent("tiles/streets-v7/chicago", isDirectory: true)
        for column in 0..<Self.columns {
            for row in 0..<Self.rows {
                // The fixtures cover x 2098…2102, y 3042…3047 at zoom 13.
                let source = chicago.appendingPathComponent("13-\(2098 + column % 5)-\(3042 + row % 6).mvt")
                let link = folder.appendingPathComponent("\(Self.zoom)-\(Self.west + column)-\(Self.north + row).mvt")
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)
            }
        }
        return folder
    }

    /// VmRSS of a process, in MiB.
    static func residentMiB(pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else {
            throw BenchError("no VmRSS in /proc/\(pid)/status")
        }
        return kib / 1024
    }
}

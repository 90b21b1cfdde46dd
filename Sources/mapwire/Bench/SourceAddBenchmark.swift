import Foundation
import MapWireProtocol

/// `add-source` at scale (a style of thousands of sources must not make each add slower): many tiled
/// sources added to one style cost what the same number added 100 at a time to fresh styles costs, if
/// each add is independent of the others.
struct SourceAddBenchmark {
    let scratch: URL
    /// Sources added to one style (the figure's value); the baseline adds the same number 100 at a time.
    let adds: Int
    /// Launch options the map gets (--offline, --cache PATH).
    var launchArguments: [String] = []
    static let batch = 100
    /// Where the "ms per add at N sources" figure looks (the issue measured 132 ms there).
    static let probe = 1_500

    func run() throws -> [BenchFigure] {
        let map = try BenchMap(scratch: scratch, name: "source-adds", plugins: ["loader"], arguments: launchArguments)
        defer { map.stop() }
        try map.client.run(.setSize(.with { $0.width = 512; $0.height = 512 }))
        try map.client.run(.setCamera(.with { $0.zoom = 3 }))

        // The baseline: 100 adds into a fresh style, `adds / 100` times.
        var batchMs: [Double] = []
        for _ in 0..<max(1, adds / Self.batch) {
            try setEmptyStyle(map)
            batchMs.append(try addSources(map, count: Self.batch).reduce(0, +))
        }
        // The figure: every add into one style, timed one by one.
        try setEmptyStyle(map)
        let each = try addSources(map, count: adds)
        let perAddAlone = Percentiles(batchMs).median / Double(Self.batch)
        var figures = [BenchFigure(
            key: "add-source.\(adds)", name: "add-source, \(adds) tiled sources into one style: ms per add",
            value: each.reduce(0, +) / Double(adds), unit: "ms",
            baselineName: "\(Self.batch) adds into a fresh style (median of \(batchMs.count))", baseline: perAddAlone,
            note: "near 1 when an add costs the same whatever the number of sources")]
        if adds >= Self.probe + Self.batch {
            let window = each[Self.probe..<(Self.probe + Self.batch)]
            figures.append(BenchFigure(
                key: "add-source.at-\(Self.probe)", name: "add-source at \(Self.probe) sources: ms per add (median of the next \(Self.batch))",
                value: Percentiles(Array(window)).median, unit: "ms",
                baselineName: "the first \(Self.batch) adds", baseline: Percentiles(Array(each.prefix(Self.batch))).median))
        }
        return figures
    }

    private func setEmptyStyle(_ map: BenchMap) throws {
        try map.client.run(.setStyleJson(.with { $0.json = #"{"version":8,"sources":{},"layers":[]}"# }), timeoutMilliseconds: 60_000)
    }

    /// Adds `count` vector sources whose tiles the loader answers as missing; the ms of each add's round trip.
    private func addSources(_ map: BenchMap, count: Int) throws -> [Double] {
        let tiles = scratch.appendingPathComponent("no-tiles").absoluteString
        var times: [Double] = []
        times.reserveCapacity(count)
        for index in 0..<count {
            let json = #"{"type":"vector","tiles":["\#(tiles)/s\#(index)/{z}/{x}/{y}.pbf"],"maxzoom":14}"#
            let start = BenchThreads.now()
            try map.client.run(.addSource(.with { $0.id = "s\(index)"; $0.json = json }), timeoutMilliseconds: 60_000)
            times.append(Double(BenchThreads.now() - start) / 1e6)
        }
        return times
    }
}

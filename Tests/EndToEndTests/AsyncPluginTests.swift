import Foundation
import MapWirePluginKit
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// `PluginRunner.runAsync`: a plugin takes requests on the runner's thread and answers later, from
/// other threads, in any order; the real core matches the replies by id and the map goes idle.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct AsyncPluginTests {
    @Test func repliesFromOtherThreadsInAnyOrderReachTheCore() throws {
        let run = try TestRun()
        try run.startCore()
        let tiles = TestStyles.coveringTiles()
        let style = TestStyles.vectorStyle(tiles: "test://tiles/{z}/{x}/{y}.pbf")
        let inFlight = Mutex((now: 0, most: 0))
        let plugin = InProcessPlugin(name: "async-loader", roles: [PluginRole.loader], controlEndpoint: run.runDirectory.controlEndpoint, run: { runner in
            try runner.runAsync { request, channel in
                guard case .loadResource(let load) = request.kind else { return }
                inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                let body = load.request.kind == .style ? Data(style.utf8) : Data("tile".utf8)
                // Later requests answer sooner: the replies come back out of order, each from a pool thread.
                let delay = load.request.kind == .style ? 0 : Int.random(in: 5...80)
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) {
                    inFlight.withLock { $0.now -= 1 }
                    channel.send(.with { $0.id = request.id; $0.resource = TestLoader.file(body) })
                }
            }
        })
        defer { plugin.stop() }
        let events = try run.subscribe()
        #expect(waitUntil { (try? run.send(.ping(.init())))?.ok == true })
        var log = EventLog()
        // The core may not have the plugin yet: the style request waits for a loader.
        #expect(try run.send(.setStyleUri(.with { $0.uri = "test://style.json" })).ok)
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let loaded = log.resourceRequests.filter { $0.request.kind == .tile && !$0.response.hasError }
        #expect(loaded.count == tiles.count)
        #expect(log.loadingErrors.isEmpty)
        // The core sent the tiles together and the plugin held several at once.
        #expect(inFlight.withLock { $0.most } > 1)
    }
}

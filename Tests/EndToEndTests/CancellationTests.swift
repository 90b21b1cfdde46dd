import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// Tile requests a camera change makes unneeded are cancelled, towards the loader and on the bus.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct CancellationTests {
    @Test func movingTheCameraAwayCancelsPendingTiles() throws {
        let run = try TestRun()
        try run.startCore()
        let style = TestStyles.vectorStyle(tiles: "test://tiles/{z}/{x}/{y}.pbf")
        // Answers everything but tiles, so the tiles stay pending.
        let loader = TestLoader(controlEndpoint: run.runDirectory.controlEndpoint) { load in
            load.request.kind == .tile ? nil : TestLoader.file(Data(style.utf8))
        }
        defer { loader.stop() }
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "test://style.json" })).ok)
        let expected = TestStyles.coveringTiles()
        #expect(waitUntil {
            loader.requests.filter { if case .loadResource(let l) = $0.kind { l.request.kind == .tile } else { false } }.count == expected.count
        })
        // Far away: none of the pending tiles is needed any more.
        #expect(try run.send(.setCamera(.with { $0.center = .with { $0.longitude = -120; $0.latitude = -40 } })).ok)
        var log = EventLog()
        var cancelledEvents = 0
        #expect(try log.collect(from: events) { _, envelope in
            if case .resourceRequest(let r) = envelope.payload, r.cancelled { cancelledEvents += 1 }
            return cancelledEvents == expected.count
        })
        let cancelled = log.resourceRequests.filter(\.cancelled)
        #expect(cancelled.allSatisfy { !$0.hasResponse && $0.request.kind == .tile })
        #expect(Set(cancelled.map(\.request.url)) == Set(expected.map { "test://tiles/\($0.z)/\($0.x)/\($0.y).pbf" }))
        let json = try #require(log.events.first {
            if case .resourceRequest(let r) = $0.envelope.payload { r.cancelled } else { false }
        }?.envelope.monitorJSON?.serialized)
        #expect(json.hasSuffix("\"cancelled\":true}}"))
        // The loader was told, once per cancelled tile.
        #expect(waitUntil { loader.cancelledIDs.count == expected.count })
    }
}

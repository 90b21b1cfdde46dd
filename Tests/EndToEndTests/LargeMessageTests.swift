import Foundation
import MapWireClient
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// A large message is decoded and parsed off the core's loop: the core goes on answering pings meanwhile.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LargeMessageTests {
    @Test func pingsAreAnsweredWhileALargeStyleIsRead() throws {
        let run = try TestRun()
        try run.startCore()
        let padding = String(repeating: "x", count: 16 << 20)
        let json = #"{"version":8,"metadata":{"padding":"\#(padding)"},"sources":{},"layers":[{"id":"bg","type":"background"}]}"#
        let styleReplied = Atomic<Bool>(false)
        let styleOK = Atomic<Bool>(false)
        let endpoint = run.runDirectory.controlEndpoint
        let sender = Thread {
            let reply = try? ControlClient(endpoint: endpoint).send(.setStyleJson(.with { $0.json = json }), timeoutMilliseconds: 120_000)
            styleOK.store(reply?.ok == true, ordering: .sequentiallyConsistent)
            styleReplied.store(true, ordering: .sequentiallyConsistent)
        }
        sender.start()
        let pinger = try ControlClient(endpoint: endpoint)
        var answeredWhileReading = 0
        var slowest: TimeInterval = 0
        #expect(waitUntil(timeout: 120) {
            let start = Date()
            if (try? pinger.send(.ping(.init()), timeoutMilliseconds: 5000))?.ok == true, !styleReplied.load(ordering: .sequentiallyConsistent) {
                answeredWhileReading += 1
                slowest = max(slowest, Date().timeIntervalSince(start))
            }
            return styleReplied.load(ordering: .sequentiallyConsistent)
        })
        let loaded = styleOK.load(ordering: .sequentiallyConsistent)
        #expect(loaded, "the large style loaded")
        #expect(answeredWhileReading >= 1, "pings were answered while the style was read")
        figure("a 16 MiB set-style-json: \(answeredWhileReading) pings answered while it was read, the slowest in \(Int(slowest * 1000)) ms")
    }
}

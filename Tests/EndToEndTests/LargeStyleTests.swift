import Foundation
import MapWireClient
import MapWireProtocol
import Synchronization
import Testing

/// A large set-style-json is parsed off the core's loop: while a style of tens of
/// megabytes parses, the core goes on answering. Before, a 50 MB style held every command for 14 s.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LargeStyleTests {
    /// A valid style of about `megabytes` MB: one GeoJSON source with that many bytes of points inline.
    static func largeStyle(megabytes: Int) -> String {
        var features: [String] = []
        let feature = #"{"type":"Feature","properties":{"n":%d},"geometry":{"type":"Point","coordinates":[%.6f,%.6f]}}"#
        let count = megabytes * 1_000_000 / 100
        features.reserveCapacity(count)
        for index in 0..<count {
            features.append(String(format: feature, index, Double(index % 360) - 179.5, Double(index % 170) - 84.5))
        }
        return #"{"version":8,"sources":{"big":{"type":"geojson","data":{"type":"FeatureCollection","features":["#
            + features.joined(separator: ",")
            + #"]}}},"layers":[{"id":"dots","type":"circle","source":"big"}]}"#
    }

    /// The style's reply, from the thread that waits for it.
    final class StyleReply: Sendable {
        let reply = Mutex<Mapwire_V1_CommandReply?>(nil)
    }

    @Test func theCoreAnswersWhileALargeStyleParses() throws {
        let run = try TestRun()
        try run.startCore()
        let json = Self.largeStyle(megabytes: 30)
        #expect(json.utf8.count > 25_000_000)
        let endpoint = run.runDirectory.controlEndpoint
        let result = StyleReply()
        let sent = DispatchSemaphore(value: 0)
        // A thread of its own: the reply comes only when the parse is over.
        Thread {
            guard let client = try? ControlClient(endpoint: endpoint) else { sent.signal(); return }
            sent.signal()
            let reply = try? client.send(.setStyleJson(.with { $0.json = json }), timeoutMilliseconds: 300_000)
            result.reply.withLock { $0 = reply ?? .with { $0.error = "no reply" } }
        }.start()
        sent.wait()

        // Ask get-state again and again until the style is answered: once the parse has begun, each
        // answer must come quickly. (Before it begins, the core reads and decodes the 30 MB message on its
        // loop: a cost of the transport, reported apart.)
        let prober = try ControlClient(endpoint: endpoint)
        var arrival = 0.0, slowest = 0.0
        var whileParsing = 0
        let deadline = Date().addingTimeInterval(300)
        while result.reply.withLock({ $0 == nil }), Date() < deadline {
            let start = Date()
            let state = try prober.run(.getState(.init()), timeoutMilliseconds: 60_000).state
            let took = Date().timeIntervalSince(start)
            if whileParsing > 0 { slowest = max(slowest, took) } else { arrival = max(arrival, took) }
            if state.loadPhase == "loading-style" { whileParsing += 1 }
        }
        let reply = try #require(result.reply.withLock { $0 })
        #expect(reply.ok, "\(reply.error)")
        print("large style: \(whileParsing) get-state answers while it parsed, the slowest in \(Int(slowest * 1000)) ms; the slowest before the parse began (message arrival) \(Int(arrival * 1000)) ms")
        #expect(whileParsing >= 3, "the parse should have overlapped several get-state round trips")
        #expect(slowest < 0.5, "a command waited \(slowest) s while the style parsed")
        #expect(try run.send(.getState(.init())).state.loadPhase != "loading-style")
    }
}

import Foundation
import MapWireProtocol
import Testing

/// What goes wrong on the web, through the real core and loader: each failure is a clear
/// `resource-request` error, nothing crashes, and the next good load reaches idle.
@Suite(.serialized, .enabled(if: Binaries.available && NginxServer.available, "needs the executables (swift build) and nginx (apt-get install -y nginx)"))
struct HTTPFaultTests {
    @Test func eachBadLoadFailsClearlyAndTheNextGoodOneGoesIdle() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let faults = try FaultServer(in: run)
        let goodStyle = try HTTPLoadTests.publishStyle(on: nginx)
        let core = try run.startCore()
        // A body limit of 8 MiB (the fault server's big body is 50 MiB) and a short timeout for the stall.
        let loader = try run.start("mapwire-loader", ["--max-message-bytes", "\(8 << 20)", "--http-timeout-ms", "3000"])
        let events = try run.subscribe()
        let refused = try FreePort.refused()

        let cases: [(url: String, reason: Mapwire_V1_ErrorReason, says: String)] = [
            ("http://127.0.0.1:\(refused)/style.json", .connection, "cannot connect"),
            ("\(faults.baseURL)/loop/a", .other, "redirect"),
            ("\(faults.baseURL)/big", .other, "larger than the loader's limit"),
            ("\(faults.baseURL)/gzip-big", .other, "larger than the loader's limit"),
            ("\(faults.baseURL)/truncated-gzip", .other, "truncated"),
            ("\(faults.baseURL)/500", .server, "500"),
            ("\(faults.baseURL)/429", .rateLimit, "429"),
            ("\(faults.baseURL)/drop", .connection, "closed"),
            ("\(faults.baseURL)/stall", .connection, "timed out"),
        ]
        for (index, bad) in cases.enumerated() {
            let url = bad.url + "?case=\(index)"
            #expect(try run.send(.setStyleUri(.with { $0.uri = url })).ok)
            var log = EventLog()
            let failed = try log.collect(from: events, timeout: 20) { _, envelope in
                if case .resourceRequest(let r)? = envelope.payload { return r.request.url == url && r.response.hasError }
                return false
            }
            #expect(failed, "no error for \(url)")
            let error = try #require(log.resourceRequests.last { $0.request.url == url }?.response.error)
            #expect(error.reason == bad.reason, "\(url): \(error.reason) \(error.message)")
            #expect(error.message.contains(bad.says), "\(url): \(error.message)")
            #expect(core.isRunning && loader.isRunning)
        }
        let log = try HTTPLoadTests.loadToIdle(run, goodStyle, events: events)
        // (Earlier styles still waiting for a retry are cancelled on the way: look at the good one.)
        #expect(log.resourceRequests.first { $0.request.url == goodStyle && $0.hasResponse }?.dataSource == .network)
        #expect(core.isRunning && loader.isRunning)
    }

    @Test func aRateLimitedStyleIsAskedForAgainAfterRetryAfterAndLoads() throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        try run.startCore()
        try run.start("mapwire-loader", ["--cache-size", "0"])
        let events = try run.subscribe()
        let url = "\(faults.baseURL)/429-once"
        let started = Date()
        let log = try HTTPLoadTests.loadToIdle(run, url, events: events)
        let attempts = log.resourceRequests.filter { $0.request.url == url && $0.hasResponse }
        #expect(attempts.map { $0.response.hasError ? $0.response.error.reason : .success } == [.rateLimit, .success])
        // The server's Retry-After: 1 (the core's own rate-limit delay would be 5 s).
        #expect(Date().timeIntervalSince(started) >= 1)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(faults.requestCounts()["/429-once"] == 2)
    }
}

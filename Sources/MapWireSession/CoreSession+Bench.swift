import Foundation
import MapEngine
import MapWireProtocol

/// A `bench-requests` run: load requests to the loaders, timed one by one, answered as a whole.
/// A class: the session changes it at every reply, and a struct in an optional property was copied
/// whole (its round trips included) to read or write one field (BENCHMARKS.md, "The core's requests").
final class BenchRequestRun {
    // Its counters are changed without dynamic exclusivity checks: only the session's one thread touches a run,
    // one field at a time.
    let client: Data
    let commandID: UInt64
    /// What the requests ask, one per URL, built once: request i asks `bodies[i % bodies.count]`, and
    /// the requests of a URL share its storage.
    let bodies: [PluginRequestBody]
    let count: Int
    let window: Int
    @exclusivity(unchecked) var sent = 0
    @exclusivity(unchecked) var inFlight = 0
    @exclusivity(unchecked) var roundTrips: [UInt64]
    @exclusivity(unchecked) var failures = 0
    @exclusivity(unchecked) var startNanos: UInt64 = 0
    @exclusivity(unchecked) var lastNanos: UInt64 = 0
    @exclusivity(unchecked) var requestBytes = 0
    @exclusivity(unchecked) var replyBytes = 0

    var finished: Bool { sent == count && inFlight == 0 }

    init(client: Data, commandID: UInt64, bodies: [PluginRequestBody], count: Int, window: Int,
         roundTrips: [UInt64]) {
        self.client = client
        self.commandID = commandID
        self.bodies = bodies
        self.count = count
        self.window = window
        self.roundTrips = roundTrips
    }
}

/// Benchmark commands (`mapwire bench`): real events at full rate, timed round trips to loaders.
extension CoreSession {
    /// Hands `count` real events of one kind to the shell, which publishes and times them (each
    /// numbered, stamped and encoded like any other) and replies.
    func benchPublish(_ c: Mapwire_V1_BenchPublish, commandID: UInt64, from identity: Data) throws(MapCommandError) {
        guard (1...10_000_000).contains(c.count) else { throw MapCommandError("bench-publish needs a count from 1 to 10,000,000") }
        let event = try BenchEvents.payload(c.kind, bytes: Int(c.bytes), mapID: configuration.mapID)
        let first = sequence + 1
        sequence += UInt64(c.count)
        outputs.append(.benchPublish(BenchPublishJob(
            payload: event, count: Int(c.count), firstSequence: first,
            messageBytes: BenchEvents.messageBytes(event, mapID: configuration.mapID), client: identity, commandID: commandID)))
    }

    /// Starts a `bench-requests` run; its reply is sent when the last request is answered.
    /// Returns a refusal instead when the run cannot start.
    func startBenchRequests(_ c: Mapwire_V1_BenchRequests, commandID: UInt64, from identity: Data) -> MapCommandError? {
        guard benchRun == nil else { return MapCommandError("a bench-requests run is already going", reason: .busy) }
        guard (1...1_000_000).contains(c.count), (1...10_000).contains(c.window) else {
            return MapCommandError("bench-requests needs a count from 1 to 1,000,000 and a window from 1 to 10,000")
        }
        guard !c.url.isEmpty || !c.urls.isEmpty else { return MapCommandError("bench-requests needs a url") }
        guard c.urls.count <= 100_000, !c.urls.contains(where: \.isEmpty) else {
            return MapCommandError("bench-requests takes at most 100,000 urls, none of them empty")
        }
        guard router.has(role: PluginRole.loader) else { return MapCommandError("no loader plugin is registered", reason: .refusedInState) }
        let urls = (c.url.isEmpty ? [] : [c.url]) + c.urls
        let bodies = urls.map { url in
            PluginRequestBody.load(.init(request: .init(url: url, kind: .unknown, priority: .regular, loadingMethod: [.cache, .network])))
        }
        benchRun = BenchRequestRun(client: identity, commandID: commandID, bodies: bodies, count: Int(c.count),
                                   window: Int(c.window), roundTrips: Array(repeating: 0, count: Int(c.count)))
        benchRun?.startNanos = monotonicNanos
        fillBenchWindow()
        return nil
    }

    /// The outcome of one bench request (CoreSession+Requests.swift): its round trip, or a failure.
    func benchFinished(_ index: Int, entry: PendingRequests.Entry, outcome: RequestOutcome) {
        guard let run = benchRun else { return }
        run.inFlight -= 1
        switch outcome {
        case .answered(let reply, let bytes, _):
            // A shell whose clock went backwards gets 0, not a crash.
            run.roundTrips[index] = monotonicNanos >= entry.sentNanos ? monotonicNanos - entry.sentNanos : 0
            run.lastNanos = monotonicNanos
            if run.replyBytes == 0 { run.replyBytes = bytes }
            if !reply.isResourceWithoutError { run.failures += 1 }
        case .failed:
            run.failures += 1
        }
        fillBenchWindow()
    }

    private func fillBenchWindow() {
        guard let run = benchRun else { return }
        if !router.has(role: PluginRole.loader) {
            // No loader left: what was not sent fails.
            run.failures += run.count - run.sent
            run.sent = run.count
        }
        var added = false
        while run.sent < run.count, run.inFlight < run.window {
            let body = run.bodies[run.sent % run.bodies.count]
            let id = addRequest(role: PluginRole.loader, purpose: .bench(index: run.sent), policy: benchPolicy, body: body)
            if run.requestBytes == 0 {
                run.requestBytes = OutgoingRequest(id: id, deadlineUnixNanos: wallNanos, attempt: 1, body: body).encoded().count
            }
            run.sent += 1
            run.inFlight += 1
            added = true
        }
        if run.finished { return finishBenchRun(run) }
        if added { dispatchWaiting() }
    }

    private func finishBenchRun(_ run: BenchRequestRun) {
        benchRun = nil
        send(.with {
            $0.commandReply = .with {
                $0.id = run.commandID
                $0.ok = true
                $0.benchRequests = .with {
                    $0.roundTripNanos = run.roundTrips
                    $0.elapsedNanos = run.lastNanos >= run.startNanos ? run.lastNanos - run.startNanos : 0
                    $0.failures = UInt32(run.failures)
                    $0.requestBytes = UInt32(run.requestBytes)
                    $0.replyBytes = UInt32(run.replyBytes)
                }
            }
        }, to: run.client)
    }
}

extension Mapwire_V1_Command {
    /// bench-publish and bench-requests: only for a core started with --enable-bench.
    var isBench: Bool {
        switch kind {
        case .benchPublish, .benchRequests: true
        default: false
        }
    }
}

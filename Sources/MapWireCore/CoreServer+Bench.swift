import Foundation
import MapEngine
import MapWireProtocol
import MapWirePluginKit

/// A `bench-requests` run: load requests to the loaders, timed one by one, answered as a whole.
struct BenchRequestRun {
    struct Pending {
        let index: Int
        let startNanos: UInt64
        let deadlineMillis: Int64
    }

    let client: Data
    let commandID: UInt64
    let url: String
    let count: Int
    let window: Int
    var sent = 0
    var pending: [UInt64: Pending] = [:]
    var roundTrips: [UInt64]
    var failures = 0
    var startNanos: UInt64 = 0
    var lastNanos: UInt64 = 0
    var requestBytes = 0
    var replyBytes = 0

    var finished: Bool { sent == count && pending.isEmpty }
}

/// Benchmark commands (`mapwire bench`): real events at full rate, timed round trips to loaders.
extension CoreServer {
    /// Publishes `count` real events of one kind, each numbered, stamped and encoded like any other.
    func benchPublish(_ c: Mapwire_V1_BenchPublish) throws(MapCommandError) -> Mapwire_V1_BenchPublishResult {
        guard (1...10_000_000).contains(c.count) else { throw MapCommandError("bench-publish needs a count from 1 to 10,000,000") }
        let event = try BenchEvents.payload(c.kind, bytes: Int(c.bytes), mapID: configuration.mapID)
        let first = publisher.sequence + 1
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<c.count { publish(event) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        return .with {
            $0.elapsedNanos = elapsed
            $0.firstSequence = first
            $0.lastSequence = publisher.sequence
            $0.messageBytes = UInt32(BenchEvents.messageBytes(event, mapID: configuration.mapID))
        }
    }

    /// Starts a `bench-requests` run; its reply is sent when the last request is answered.
    /// Returns a refusal instead when the run cannot start.
    func startBenchRequests(_ c: Mapwire_V1_BenchRequests, commandID: UInt64, from identity: Data) -> String? {
        guard benchRun == nil else { return "a bench-requests run is already going" }
        guard (1...1_000_000).contains(c.count), (1...10_000).contains(c.window) else {
            return "bench-requests needs a count from 1 to 1,000,000 and a window from 1 to 10,000"
        }
        guard !c.url.isEmpty else { return "bench-requests needs a url" }
        guard registry.has(role: PluginRole.loader) else { return "no loader plugin is registered" }
        benchRun = BenchRequestRun(client: identity, commandID: commandID, url: c.url, count: Int(c.count),
                                   window: Int(c.window), roundTrips: Array(repeating: 0, count: Int(c.count)))
        benchRun?.startNanos = DispatchTime.now().uptimeNanoseconds
        fillBenchWindow()
        return nil
    }

    /// Takes a loader's reply to a bench request; false when the reply is not one.
    func handleBenchReply(_ reply: Mapwire_V1_PluginReply, bytes: Int) -> Bool {
        guard let entry = benchRun?.pending.removeValue(forKey: reply.id) else { return false }
        let now = DispatchTime.now().uptimeNanoseconds
        benchRun?.roundTrips[entry.index] = now - entry.startNanos
        benchRun?.lastNanos = now
        if benchRun?.replyBytes == 0 { benchRun?.replyBytes = bytes }
        if case .resource(let r) = reply.kind, !r.response.hasError {} else { benchRun?.failures += 1 }
        fillBenchWindow()
        return true
    }

    /// Counts requests past the core's timeout as failures, and the rest when no loader is left.
    func checkBenchDeadlines(now: Int64) {
        guard let late = benchRun?.pending.filter({ $0.value.deadlineMillis <= now }).keys else { return }
        for id in late { benchRun?.pending[id] = nil }
        benchRun?.failures += late.count
        if benchRun?.pending.isEmpty == true, !registry.has(role: PluginRole.loader), let run = benchRun {
            benchRun?.failures += run.count - run.sent
            benchRun?.sent = run.count
        }
        fillBenchWindow()
    }

    private func fillBenchWindow() {
        while benchRun.map({ $0.sent < $0.count && $0.pending.count < $0.window }) == true,
              let plugin = registry.next(for: PluginRole.loader), let url = benchRun?.url {
            let start = DispatchTime.now().uptimeNanoseconds
            let id = takeControlID()
            let message = Mapwire_V1_ControlMessage.with {
                $0.request = .with {
                    $0.id = id
                    $0.loadResource = .with {
                        $0.request = .with { $0.url = url; $0.kind = .unknown; $0.priority = .regular; $0.loadingMethod = [.cache, .network] }
                    }
                }
            }
            if benchRun?.requestBytes == 0 { benchRun?.requestBytes = ControlCodec.encode(message).count }
            let index = benchRun?.sent ?? 0
            benchRun?.pending[id] = .init(index: index, startNanos: start,
                                          deadlineMillis: monotonicMillis() + Int64(configuration.requestTimeoutMilliseconds))
            benchRun?.sent += 1
            send(message, to: plugin.identity)
        }
        if let run = benchRun, run.finished { finishBenchRun(run) }
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

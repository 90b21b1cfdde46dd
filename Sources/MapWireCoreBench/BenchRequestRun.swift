import Foundation
import MapEngine
import MapWireProtocol
import MapWireSession

/// One bench-requests command (PROTOCOL.md 7.3): `count` load requests to the loaders through the session's
/// request path, at most `window` unanswered at once, each timed by the session's clock from its send to its
/// answer; the reply comes when the last has ended. A step function: requests out, outcomes in, no clock.
public struct BenchRequestRun {
    public let commandID: UInt64
    /// What the requests ask, one per URL, built once: request i asks `bodies[i % bodies.count]`.
    let bodies: [PluginRequestBody]
    let count: Int
    let window: Int
    private(set) var sent = 0
    private(set) var inFlight = 0
    private var roundTrips: [UInt64]
    private var failures = 0
    private var firstSentNanos: UInt64?
    private var lastEndedNanos: UInt64 = 0
    private var requestBytes = 0
    private var replyBytes = 0

    /// The run a command asks for, or why it cannot start (`loaderRegistered`: whether a loader is there now).
    public init(_ command: Mapwire_V1_BenchRequests, commandID: UInt64, loaderRegistered: Bool) throws(MapCommandError) {
        guard (1...1_000_000).contains(command.count), (1...10_000).contains(command.window) else {
            throw MapCommandError("bench-requests needs a count from 1 to 1,000,000 and a window from 1 to 10,000")
        }
        guard !command.url.isEmpty || !command.urls.isEmpty else { throw MapCommandError("bench-requests needs a url") }
        guard command.urls.count <= 100_000, !command.urls.contains(where: \.isEmpty) else {
            throw MapCommandError("bench-requests takes at most 100,000 urls, none of them empty")
        }
        guard loaderRegistered else { throw MapCommandError("no loader plugin is registered", reason: .refusedInState) }
        let urls = (command.url.isEmpty ? [] : [command.url]) + command.urls
        bodies = urls.map { url in
            PluginRequestBody.load(.init(request: .init(url: url, kind: .unknown, priority: .regular, loadingMethod: [.cache, .network])))
        }
        self.commandID = commandID
        count = Int(command.count)
        window = Int(command.window)
        roundTrips = Array(repeating: 0, count: count)
    }

    public var isFinished: Bool { sent == count && inFlight == 0 }

    /// The requests to send now to fill the window; without a loader, what was not sent fails.
    public mutating func nextRequests(loaderRegistered: Bool) -> [ShellRequest] {
        if !loaderRegistered {
            failures += count - sent
            sent = count
        }
        var requests: [ShellRequest] = []
        while sent < count, inFlight < window {
            requests.append(ShellRequest(token: sent, role: PluginRole.loader, body: bodies[sent % bodies.count]))
            sent += 1
            inFlight += 1
        }
        return requests
    }

    /// One request ended: its round trip, or a failure.
    public mutating func finished(_ request: ShellRequestFinished) {
        guard (0..<count).contains(request.token) else { return }
        inFlight -= 1
        if request.sentNanos != 0 { firstSentNanos = min(firstSentNanos ?? request.sentNanos, request.sentNanos) }
        if requestBytes == 0, request.sentNanos != 0, case .load(let load) = bodies[request.token % bodies.count] {
            // Any deadline of this century takes the same 9 varint bytes.
            requestBytes = OutgoingRequest(id: request.requestID, deadlineUnixNanos: 1 << 60, attempt: 1,
                                           body: .load(load)).encoded().count
        }
        switch request.outcome {
        case .answered(let ok, let bytes):
            roundTrips[request.token] = request.roundTripNanos
            lastEndedNanos = max(lastEndedNanos, request.endedNanos)
            if replyBytes == 0 { replyBytes = bytes }
            if !ok { failures += 1 }
        case .failed:
            failures += 1
        }
    }

    /// The command's reply, once the run is finished.
    public var reply: Mapwire_V1_ControlMessage {
        let start = firstSentNanos ?? lastEndedNanos
        return .with {
            $0.commandReply = .with {
                $0.id = commandID
                $0.ok = true
                $0.benchRequests = .with {
                    $0.roundTripNanos = roundTrips
                    $0.elapsedNanos = lastEndedNanos >= start ? lastEndedNanos - start : 0
                    $0.failures = UInt32(failures)
                    $0.requestBytes = UInt32(requestBytes)
                    $0.replyBytes = UInt32(replyBytes)
                }
            }
        }
    }
}

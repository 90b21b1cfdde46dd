import Foundation
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol

/// Follows every event of a launcher's core and keeps what failed to load (`LoadFailures`), so that
/// `mapwire snapshot` can tell a map drawn from all its data from one drawn without some of it.
final class LoadOutcomeWatcher {
    private let subscriber: EventSubscriber
    private var lastSequence: UInt64 = 0
    private(set) var failures = LoadFailures()
    /// `map-loading-error {"type":"style"}` events seen: a snapshot refused after one is asked again.
    private var styleFailuresSeen = 0
    /// What the style has that MapWire does not draw (`style-warning` events), in order.
    private(set) var styleWarnings: [String] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Subscribes to every topic and waits until the subscription is live.
    init(directory: RunDirectory) throws {
        subscriber = try EventSubscriber(endpoint: directory.eventsEndpoint)
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 5000)
        guard subscriber.isWelcomed else { throw Failure(description: "the core did not welcome the event subscription") }
    }

    /// A snapshot of the next full frame. When the core refuses it because the style failed and the
    /// core will ask for the style again (a 429 or a 503, PROTOCOL.md 7.8), waits for that and asks again;
    /// a style that failed for good fails the snapshot. Every event up to the reply is read.
    func snapshot(_ client: ControlClient, deadline: Int64, abandonIf abandon: () -> String?) throws -> Mapwire_V1_CommandReply {
        var styleFailuresAnswered = 0
        while true {
            let remaining = Int(deadline - monotonicMillis())
            guard remaining > 0 else { throw Failure(description: "no full frame within the timeout") }
            let refusal: String
            do {
                let reply = try client.run(.snapshot(.with { $0.returnImage = true }), timeoutMilliseconds: remaining, abandonIf: abandon)
                try catchUp(client)
                return reply
            } catch ControlClient.Failure.rejected(let why) {
                refusal = why
            }
            try catchUp(client)
            // The core's refusal says it ("the style failed to load: …").
            if failures.styleFailedForGood != nil { throw Failure(description: refusal) }
            // Refused for a style failure not seen before: once the core's retry got the style (now, or
            // already while this caught up), the frame can be asked for again.
            guard styleFailuresSeen > styleFailuresAnswered else { throw Failure(description: refusal) }
            styleFailuresAnswered = styleFailuresSeen
            if failures.failures.contains(where: { $0.type == .style }) { try waitForStyleRetry(deadline: deadline, abandonIf: abandon) }
        }
    }

    /// Reads events until the style loaded again (`style-data-loaded {"type":"style"}`) or failed for good.
    private func waitForStyleRetry(deadline: Int64, abandonIf abandon: () -> String?) throws {
        while monotonicMillis() < deadline {
            if let why = abandon() { throw Failure(description: why) }
            guard let payload = try read(timeoutMilliseconds: 100) else { continue }
            if case .styleDataLoaded(let loaded) = payload, loaded.type == .style { return }
            if let failure = failures.styleFailedForGood { throw Failure(description: "the style failed to load: \(failure.line)") }
        }
        throw Failure(description: "the style did not load within the timeout: \(failures.failures.first { $0.type == .style }?.line ?? "")")
    }

    /// Reads every event the core had published when it answered a ping (its `last_sequence`).
    func catchUp(_ client: ControlClient) throws {
        let published = try client.run(.ping(.init())).pong.lastSequence
        let deadline = monotonicMillis() + 5000
        while lastSequence < published, monotonicMillis() < deadline {
            _ = try read(timeoutMilliseconds: 100)
        }
    }

    /// The next event's payload (already applied to `failures`), nil when none came in time.
    private func read(timeoutMilliseconds: Int) throws -> Mapwire_V1_Envelope.OneOf_Payload? {
        guard case .event(_, let envelope)? = try subscriber.next(timeoutMilliseconds: timeoutMilliseconds),
              let payload = envelope.payload else { return nil }
        lastSequence = max(lastSequence, envelope.sequence)
        failures.apply(payload)
        if case .mapLoadingError(let error) = payload, error.type == .style { styleFailuresSeen += 1 }
        if case .mapWillStartLoading = payload { styleWarnings = [] }
        if case .styleWarning(let warning) = payload { styleWarnings.append(warning.message) }
        return payload
    }
}

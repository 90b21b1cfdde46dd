import Foundation
import Logging
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol

/// The plugin's event side: subscribes, feeds the tracker and sends each change to the core.
/// Owns its sockets, so it lives and runs on one dedicated thread (its polls block).
public final class LoadStatusForwarder {
    private let subscriber: EventSubscriber
    private let client: ControlClient
    private let logger: Logger
    private var tracker = LoadStatusTracker()
    /// The core's epoch of the events seen so far.
    private var epoch: UInt64?

    /// `connection`: the run directory's ipc endpoints, or the core's TCP endpoints with their keys.
    public init(connection: CoreConnection, logger: Logger) throws {
        subscriber = try EventSubscriber(endpoint: connection.eventsEndpoint, prefixes: LoadStatusPlugin.topics, curve: connection.curve)
        client = try ControlClient(endpoint: connection.controlEndpoint, curve: connection.curve)
        self.logger = logger
    }

    /// Blocks until the core welcomes the subscription (true) or the stop flag is set (false).
    /// Why: the plugin says hello only after this, so "registered" means no event is missed.
    public func waitUntilSubscribed(stop: StopFlag) throws -> Bool {
        while !stop.isStopped, !subscriber.isWelcomed {
            for case .event(_, let envelope) in try subscriber.waitUntilWelcomed(timeoutMilliseconds: 200) {
                forward(envelope)
            }
        }
        return subscriber.isWelcomed
    }

    /// Forwards events until the stop flag is set.
    public func run(stop: StopFlag) throws {
        while !stop.isStopped {
            guard case .event(_, let envelope)? = try subscriber.next(timeoutMilliseconds: 100) else { continue }
            forward(envelope)
        }
    }

    private func forward(_ envelope: Mapwire_V1_Envelope) {
        guard let payload = envelope.payload else { return }
        if envelope.epoch != epoch {
            // A restarted core has a fresh map (and a fresh status table): start from not-loaded too.
            if epoch != nil { tracker = LoadStatusTracker() }
            epoch = envelope.epoch
        }
        for change in tracker.apply(payload) {
            logger.debug("load status", metadata: ["target": "\(change.target)", "status": "\(change.new.documentedName)"])
            do { try client.run(.publishLoadStatus(.with { $0.change = change.event }), timeoutMilliseconds: 2000) }
            catch .rejected(let why) {
                // Expected in a race: the source was removed, or the style replaced, after the event.
                logger.debug("the core refused load status \(change.target)=\(change.new.documentedName): \(why)")
            } catch { logger.warning("the core did not take load status \(change.target)=\(change.new.documentedName): \(error)") }
        }
    }
}

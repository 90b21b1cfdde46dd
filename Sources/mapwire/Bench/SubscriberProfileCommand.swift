import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireProtocol

/// The bus benchmark's decoding subscriber alone, against a benchmark core already running
/// (`mapwire up --bench-core --plugins none --run-dir DIR`): it starts no process, so it can run under
/// `valgrind --tool=callgrind` (which cannot spawn the bench's core) to count instructions per event.
struct SubscriberProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriber",
        abstract: "Run the bus benchmark's decoding subscriber against a running core (for profiling).",
        shouldDisplay: false)

    @Option(help: "The core's run directory.") var runDir: String
    @Option(help: "camera-changed, resource-request or map-loading-error.") var topic = "resource-request"
    @Option(help: "Events to publish and receive.") var events = 20_000

    func run() throws {
        guard let kind = BusBenchmark.kinds.first(where: { $0.topic == topic }) else {
            throw ValidationError("--topic must be one of \(BusBenchmark.kinds.map(\.topic).joined(separator: ", "))")
        }
        let directory = RunDirectory(path: runDir)
        let client = try ControlClient(endpoint: directory.controlEndpoint)
        let wait = try EventCounters.start(endpoint: directory.eventsEndpoint, count: 1, expected: events)
        let reply = try client.run(.benchPublish(.with { $0.kind = kind.kind; $0.count = UInt32(events); $0.bytes = UInt32(kind.bytes) }),
                                   timeoutMilliseconds: 600_000).benchPublish
        let tally = wait()[0]
        print("\(tally.received) of \(events) events (\(reply.messageBytes) B) received, \(tally.missed) missed, \(Int(tally.rate)) events/s")
    }
}

import ArgumentParser
import CMalloc
import Foundation
import MapWireProcess

/// `mapwire bench raw-peer`: the far side of the raw libzmq baselines, run by `mapwire bench` as a
/// separate process so the baseline crosses a process boundary as the core and its plugins do.
struct RawPeerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raw-peer",
        abstract: "The raw libzmq side of mapwire bench's baselines (started by mapwire bench).",
        shouldDisplay: false,
        subcommands: [Publish.self, Echo.self])

    struct Publish: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bind an XPUB; for each run wait for the subscribers and send messages; wait for SIGTERM.")

        @Option var endpoint: String
        @Option var subscribers: Int
        @Option var count: Int
        @Option var topicBytes: Int
        @Option var payloadBytes: Int
        @Option(help: "Bursts to send, each once as many new subscriptions have come.") var runs = 1
        @Flag(help: "Keep freed memory for the next bursts, as mapwire-core does (FreedMemoryReturn).") var keepFreedMemory = false

        func run() throws {
            if keepFreedMemory, mapwire_malloc_keep_freed() != 1 { throw ValidationError("glibc refused to keep freed memory") }
            let trap = SignalTrap()
            try withExtendedLifetime(trap) {
                try RawZMQLoops.runPublisher(endpoint: endpoint, subscribers: subscribers, count: count,
                                             topicBytes: topicBytes, payloadBytes: payloadBytes, runs: runs, stop: trap.flag)
            }
        }
    }

    struct Echo: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Connect a DEALER and echo each request with a reply of the given size.")

        @Option var endpoint: String
        @Option var replyBytes: Int

        func run() throws {
            try RawZMQLoops.runEcho(endpoint: endpoint, replyBytes: replyBytes)
        }
    }
}

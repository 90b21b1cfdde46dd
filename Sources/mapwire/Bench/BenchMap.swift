import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireProtocol

/// A core and plugins started for one benchmark in a private run directory, stopped by pid.
final class BenchMap {
    let directory: RunDirectory
    let launcher: MapLauncher
    let client: ControlClient

    /// `plugins` as for `mapwire up --plugins` (a name may repeat: "loader,loader"); `arguments` are
    /// further launch options such as --rewrite.
    init(scratch: URL, name: String, plugins: [String], arguments: [String] = []) throws {
        directory = RunDirectory(path: scratch.appendingPathComponent(name).path)
        // The bench's own core takes the benchmark commands.
        let options = try LaunchOptions.parse(["--bench-core"] + arguments)
        launcher = try MapLauncher(directory: directory, plugins: plugins, options: options) { _ in }
        client = try ControlClient(endpoint: directory.controlEndpoint)
    }

    func stop() { launcher.stop() }

    deinit { stop() }

    /// Pings until at least `count` subscribers are counted by the core.
    func waitForSubscribers(_ count: Int, timeoutSeconds: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if let pong = try? client.run(.ping(.init())).pong, pong.subscribers >= count { return }
            usleep(5000)
        }
        throw BenchError("the core did not see \(count) subscribers within \(Int(timeoutSeconds)) s")
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Subscribers on a core's events socket, each on its own thread with its own context, receiving
/// and decoding every event with MapWirePluginKit's EventSubscriber (`withNextDecoded`) — what a real subscriber does.
enum EventCounters {
    /// Starts `count` subscribers; returns once each is welcomed. `expected` events end each one;
    /// so does a second without events once events have started (the rest was dropped).
    static func start(endpoint: String, count: Int, expected: Int) throws -> () -> [SubscriberTally] {
        let tallies = Shared([SubscriberTally](repeating: .init(), count: count))
        let welcomed = DispatchSemaphore(value: 0)
        let failures = Shared(0)
        let threads = (0..<count).map { index in
            BenchThreads.start("events-\(index)") {
                let context = ZMQContext()
                withExtendedLifetime(context) {
                    guard let subscriber = try? EventSubscriber(endpoint: endpoint, context: context),
                          (try? subscriber.waitUntilWelcomed(timeoutMilliseconds: 10_000)) != nil, subscriber.isWelcomed else {
                        failures.update { $0 += 1 }
                        welcomed.signal()
                        return
                    }
                    welcomed.signal()
                    var tally = SubscriberTally()
                    var timeout = 60_000
                    while tally.received < expected {
                        // Every field decoded into Swift values (no envelope message), lent to the closure.
                        var isEvent = false
                        guard (try? subscriber.withNextDecoded(timeoutMilliseconds: timeout) { topic, _ in isEvent = topic != nil }) == true else { break }
                        guard isEvent else { continue }
                        tally.count(at: BenchThreads.now())
                        timeout = 1000
                    }
                    tally.missed = subscriber.missedEvents
                    tallies.update { $0[index] = tally }
                }
            }
        }
        for _ in 0..<count { welcomed.wait() }
        guard failures.get() == 0 else {
            throw BenchError("\(failures.get()) of \(count) subscribers were not welcomed by the core")
        }
        return {
            threads.forEach { $0.wait() }
            return tallies.get()
        }
    }
}

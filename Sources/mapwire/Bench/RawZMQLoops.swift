import Foundation
import MapWireBus

/// What one subscriber received in a throughput run.
struct SubscriberTally: Sendable {
    var received = 0
    /// When the last message arrived (monotonic ns); 0 if none did.
    var lastNanos: UInt64 = 0
    /// Events missing by sequence number (MapWire subscribers only).
    var missed: UInt64 = 0

    /// Messages per second from `start` to the last arrival.
    func rate(since start: UInt64) -> Double {
        guard received > 0, lastNanos > start else { return 0 }
        return Double(received) / (Double(lastNanos - start) / 1e9)
    }
}

/// The baselines: the same traffic over raw libzmq sockets with nothing of MapWire on top — no
/// protobuf, no copies into Swift values. Each side has its own context (its own I/O thread), as
/// separate processes would.
enum RawZMQLoops {
    /// A PUB (an XPUB, to know when subscribers are there) sends `count` two-frame messages of
    /// `topicBytes` + `payloadBytes` as fast as it can to `subscribers` SUBs that receive and drop
    /// them. High-water marks are the core's (200,000) and the monitor's (1,000,000).
    static func publish(endpoint: String, subscribers: Int, count: Int, topicBytes: Int, payloadBytes: Int) -> (start: UInt64, tallies: [SubscriberTally]) {
        let tallies = Shared([SubscriberTally](repeating: .init(), count: subscribers))
        let start = Shared<UInt64>(0)
        let finished = Shared(false)
        let bound = DispatchSemaphore(value: 0)
        let publisher = BenchThreads.start("raw-pub") {
            let context = ZMQContext()
            withExtendedLifetime(context) {
                guard let socket = try? ZMQSocket(context, type: .xpub) else { bound.signal(); return }
                defer { socket.close() }
                try? socket.setOption(XPUBOption.verbose, Int32(1))
                try? socket.setHighWaterMarks(send: 200_000, receive: 1000)
                try? socket.setReceiveTimeout(milliseconds: 10_000)
                guard (try? socket.bind(endpoint)) != nil else { bound.signal(); return }
                bound.signal()
                for _ in 0..<subscribers { _ = try? socket.receive() }
                let topic = [UInt8](repeating: UInt8(ascii: "t"), count: topicBytes)
                let payload = [UInt8](repeating: 0x5a, count: payloadBytes)
                start.update { $0 = BenchThreads.now() }
                topic.withUnsafeBytes { t in
                    payload.withUnsafeBytes { p in
                        for _ in 0..<count { try? socket.send(t, p, dontWait: true) }
                    }
                }
                // Keep the socket open until the subscribers have everything (closing drops the queue).
                while !finished.get(), BenchThreads.now() - start.get() < 120_000_000_000 { usleep(2000) }
            }
        }
        bound.wait()
        let receivers = (0..<subscribers).map { index in
            BenchThreads.start("raw-sub-\(index)") {
                let context = ZMQContext()
                withExtendedLifetime(context) {
                    guard let socket = try? ZMQSocket(context, type: .sub) else { return }
                    defer { socket.close() }
                    try? socket.setHighWaterMarks(send: 1000, receive: 1_000_000)
                    try? socket.subscribe("")
                    try? socket.setReceiveTimeout(milliseconds: 10_000)
                    try? socket.connect(endpoint)
                    var tally = SubscriberTally()
                    while tally.received < count, (try? socket.receiveDiscarding()) != nil {
                        tally.received += 1
                        tally.lastNanos = BenchThreads.now()
                        // After the first message, a second of silence means the rest was dropped.
                        if tally.received == 1 { try? socket.setReceiveTimeout(milliseconds: 1000) }
                    }
                    tallies.update { $0[index] = tally }
                }
            }
        }
        receivers.forEach { $0.wait() }
        finished.update { $0 = true }
        publisher.wait()
        return (start.get(), tallies.get())
    }

    /// A ROUTER sends `count` requests of `requestBytes` to `workers` DEALERs in turn, at most `window`
    /// unanswered at once, and each DEALER echoes a reply of `replyBytes`. Returns each round trip (ns,
    /// send to receive at the ROUTER) and the time from the first send to the last reply.
    static func requests(endpoint: String, workers: Int, count: Int, window: Int, requestBytes: Int, replyBytes: Int) -> (roundTrips: [UInt64], elapsed: UInt64) {
        let result = Shared<([UInt64], UInt64)>(([], 0))
        let bound = DispatchSemaphore(value: 0)
        let router = BenchThreads.start("raw-router") {
            let context = ZMQContext()
            withExtendedLifetime(context) {
                guard let socket = try? ZMQSocket(context, type: .router) else { bound.signal(); return }
                defer { socket.close() }
                try? socket.setHighWaterMarks(send: 100_000, receive: 100_000)
                try? socket.setReceiveTimeout(milliseconds: 10_000)
                guard (try? socket.bind(endpoint)) != nil else { bound.signal(); return }
                bound.signal()
                var peers: [Data] = []
                while peers.count < workers, let frames = try? socket.receive(), frames.count == 2 { peers.append(frames[0]) }
                guard peers.count == workers else { return }
                var request = Data(repeating: 0x5a, count: max(8, requestBytes))
                var starts = [UInt64](repeating: 0, count: count)
                var trips = [UInt64](repeating: 0, count: count)
                var sent = 0, answered = 0
                let first = BenchThreads.now()
                while answered < count {
                    while sent < count, sent - answered < window {
                        withUnsafeBytes(of: UInt64(sent)) { request.replaceSubrange(0..<8, with: $0) }
                        starts[sent] = BenchThreads.now()
                        guard (try? socket.send([peers[sent % workers], request])) != nil else { return }
                        sent += 1
                    }
                    guard let frames = try? socket.receive(), frames.count == 2, frames[1].count >= 8 else { return }
                    let index = Int(frames[1].prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
                    trips[index] = BenchThreads.now() - starts[index]
                    answered += 1
                }
                let elapsed = BenchThreads.now() - first
                for peer in peers { try? socket.send([peer, Data()]) }
                result.update { $0 = (trips, elapsed) }
            }
        }
        bound.wait()
        let echoes = (0..<workers).map { index in
            BenchThreads.start("raw-dealer-\(index)") {
                let context = ZMQContext()
                withExtendedLifetime(context) {
                    guard let socket = try? ZMQSocket(context, type: .dealer) else { return }
                    defer { socket.close() }
                    try? socket.setHighWaterMarks(send: 100_000, receive: 100_000)
                    try? socket.setReceiveTimeout(milliseconds: 10_000)
                    try? socket.connect(endpoint)
                    try? socket.send([Data("ready".utf8)])
                    var reply = Data(repeating: 0x33, count: max(8, replyBytes))
                    while let frames = try? socket.receive(), let request = frames.last, request.count >= 8 {
                        reply.replaceSubrange(0..<8, with: request.prefix(8))
                        guard (try? socket.send([reply])) != nil else { return }
                    }
                }
            }
        }
        router.wait()
        echoes.forEach { $0.wait() }
        return result.get()
    }
}

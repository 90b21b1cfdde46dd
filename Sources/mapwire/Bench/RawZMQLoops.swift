import Foundation
import MapWireProcess
import MapWireBus

/// What one subscriber received in a throughput run.
struct SubscriberTally: Sendable {
    var received = 0
    /// When the first and the last message arrived (monotonic ns); 0 if none did.
    var firstNanos: UInt64 = 0
    var lastNanos: UInt64 = 0
    /// Events missing by sequence number (MapWire subscribers only).
    var missed: UInt64 = 0

    mutating func count(at nanos: UInt64) {
        if received == 0 { firstNanos = nanos }
        received += 1
        lastNanos = nanos
    }

    /// Messages per second between the first arrival and the last.
    var rate: Double {
        guard received > 1, lastNanos > firstNanos else { return 0 }
        return Double(received - 1) / (Double(lastNanos - firstNanos) / 1e9)
    }
}

/// The baselines: the same traffic over raw libzmq sockets with nothing of MapWire on top — no
/// protobuf, no copies into Swift values. The far side runs in its own process (`mapwire bench
/// raw-peer`), as the core and the loader do, so both cross the same process boundary.
enum RawZMQLoops {
    /// What the subscribers of a raw run received, and the publisher's send loop (timed as the core times
    /// its bench-publish loop).
    struct PublishRun {
        var tallies: [SubscriberTally]
        var publishing: PublishLoop
    }

    /// `count` SUBs on their own threads and contexts, subscribed to `prefixes`, each receiving `expected`
    /// messages without copying them; the closure waits for them and gives what each received.
    static func discardingSubscribers(endpoint: String, count: Int, expected: Int, prefixes: [String] = [""]) -> () -> [SubscriberTally] {
        let tallies = Shared([SubscriberTally](repeating: .init(), count: count))
        let receivers = (0..<count).map { index in
            BenchThreads.start("raw-sub-\(index)") {
                let context = ZMQContext()
                withExtendedLifetime(context) {
                    guard let socket = try? ZMQSocket(context, type: .sub) else { return }
                    defer { socket.close() }
                    try? socket.setHighWaterMarks(send: 1000, receive: 1_000_000)
                    for prefix in prefixes { try? socket.subscribe(prefix) }
                    try? socket.setReceiveTimeout(milliseconds: 20_000)
                    try? socket.connect(endpoint)
                    var tally = SubscriberTally()
                    while tally.received < expected, (try? socket.receiveDiscarding()) != nil {
                        tally.count(at: BenchThreads.now())
                        // After the first message, a second of silence means the rest was dropped.
                        if tally.received == 1 { try? socket.setReceiveTimeout(milliseconds: 1000) }
                    }
                    tallies.update { $0[index] = tally }
                }
            }
        }
        return {
            receivers.forEach { $0.wait() }
            return tallies.get()
        }
    }

    /// The child side of `RawPublisher`: binds; `runs` times waits for `subscribers` new subscriptions, sends
    /// and says how long it took; then keeps the socket open (closing would drop what is queued) until stopped.
    static func runPublisher(endpoint: String, subscribers: Int, count: Int, topicBytes: Int, payloadBytes: Int, runs: Int,
                             stop: StopFlag) throws {
        let socket = try ZMQSocket(type: .xpub)
        defer { socket.close() }
        try socket.setOption(XPUBOption.verbose, Int32(1))
        try socket.setHighWaterMarks(send: 200_000, receive: 1000)
        try socket.setReceiveTimeout(milliseconds: 200)
        try socket.bind(endpoint)
        let topic = [UInt8](repeating: UInt8(ascii: "t"), count: topicBytes)
        let payload = [UInt8](repeating: 0x5a, count: payloadBytes)
        for _ in 0..<runs {
            // A subscription starts with 1 (an unsubscription, from the last run's subscribers leaving, with 0).
            var subscribed = 0
            while subscribed < subscribers, !stop.isStopped {
                if let frames = try socket.receive(), frames.first?.first == 1 { subscribed += 1 }
            }
            guard !stop.isStopped else { return }
            sendTimed(socket, topic: topic, payload: payload, count: count)
        }
        while !stop.isStopped { usleep(5000) }
    }

    /// One run of `runPublisher`: the sends, timed like the core's bench-publish loop (CoreServer), and
    /// what they took written to standard output.
    private static func sendTimed(_ socket: ZMQSocket, topic: [UInt8], payload: [UInt8], count: Int) {
        // The schedules read next to the clock: the other threads' (a directory read) outside both.
        let others = ThreadSchedule.otherThreads(getpid()), faults = ProcessCPU.minorFaults(getpid()), scheduled = ThreadSchedule.current()
        let start = DispatchTime.now().uptimeNanoseconds
        topic.withUnsafeBytes { t in
            payload.withUnsafeBytes { p in
                for _ in 0..<count { try? socket.send(t, p, dontWait: true) }
            }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        let loop = PublishLoop(events: count, seconds: Double(elapsed) / 1e9, thread: ThreadSchedule.current() - scheduled,
                               otherThreads: ThreadSchedule.otherThreads(getpid()) - others, pageFaults: ProcessCPU.minorFaults(getpid()) - faults)
        FileHandle.standardOutput.write(Data(RawPublisher.report(loop).utf8))
    }

    /// A ROUTER here sends `count` requests of `requestBytes` to `workers` DEALER echo processes in
    /// turn, at most `window` unanswered at once; each echoes a reply of `replyBytes`. Returns each
    /// round trip (ns, send to receive at the ROUTER) and the time from the first send to the last reply.
    static func requests(endpoint: String, workers: Int, count: Int, window: Int, requestBytes: Int, replyBytes: Int) throws -> (roundTrips: [UInt64], elapsed: UInt64) {
        let context = ZMQContext()
        return try withExtendedLifetime(context) {
            let socket = try ZMQSocket(context, type: .router)
            defer { socket.close() }
            try socket.setHighWaterMarks(send: 100_000, receive: 100_000)
            try socket.setReceiveTimeout(milliseconds: 10_000)
            try socket.bind(endpoint)
            let echoes = try (0..<workers).map { index in
                try ChildProcess(name: "raw-echo-\(index)", executable: ChildProcess.sibling("mapwire"),
                                 arguments: ["bench", "raw-peer", "echo", "--endpoint", endpoint, "--reply-bytes", "\(replyBytes)"])
            }
            defer { echoes.forEach { $0.stop() } }
            var peers: [Data] = []
            while peers.count < workers, let frames = try socket.receive(), frames.count == 2 { peers.append(frames[0]) }
            guard peers.count == workers else { throw BenchError("the raw echo processes did not connect") }
            var request = Data(repeating: 0x5a, count: max(8, requestBytes))
            var starts = [UInt64](repeating: 0, count: count)
            var trips = [UInt64](repeating: 0, count: count)
            var sent = 0, answered = 0
            let first = BenchThreads.now()
            while answered < count {
                while sent < count, sent - answered < window {
                    withUnsafeBytes(of: UInt64(sent)) { request.replaceSubrange(0..<8, with: $0) }
                    starts[sent] = BenchThreads.now()
                    try socket.send([peers[sent % workers], request])
                    sent += 1
                }
                guard let frames = try socket.receive(), frames.count == 2, frames[1].count >= 8 else {
                    throw BenchError("a raw echo did not answer")
                }
                let index = Int(frames[1].prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
                trips[index] = BenchThreads.now() - starts[index]
                answered += 1
            }
            let elapsed = BenchThreads.now() - first
            for peer in peers { try? socket.send([peer, Data()]) }
            return (trips, elapsed)
        }
    }

    /// The child side of `requests`: says it is ready, then echoes until an empty message.
    static func runEcho(endpoint: String, replyBytes: Int) throws {
        let socket = try ZMQSocket(type: .dealer)
        defer { socket.close() }
        try socket.setHighWaterMarks(send: 100_000, receive: 100_000)
        try socket.setReceiveTimeout(milliseconds: 30_000)
        try socket.connect(endpoint)
        try socket.send([Data("ready".utf8)])
        var reply = Data(repeating: 0x33, count: max(8, replyBytes))
        while let frames = try socket.receive(), let request = frames.last, request.count >= 8 {
            reply.replaceSubrange(0..<8, with: request.prefix(8))
            try socket.send([reply])
        }
    }
}

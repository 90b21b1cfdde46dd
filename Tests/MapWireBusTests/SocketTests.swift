import Foundation
import MapWireBus
import Synchronization
import Testing

@Suite struct SocketTests {
    /// A private ipc endpoint under the temp folder.
    func endpoint(_ name: String) -> String { "ipc:///tmp/mwbus-\(UUID().uuidString.prefix(8))-\(name)" }

    @Test func pubSubDeliversMultipartMessagesByTopicPrefix() throws {
        let context = ZMQContext()
        let pub = try ZMQSocket(context, type: .pub)
        let sub = try ZMQSocket(context, type: .sub)
        defer { pub.close(); sub.close() }
        let address = endpoint("pubsub")
        try pub.bind(address)
        try sub.subscribe("map-")
        try sub.setReceiveTimeout(milliseconds: 100)
        try sub.connect(address)
        // Subscriptions travel asynchronously: publish until the first message gets through.
        var received: [Data]?
        for _ in 0..<50 where received == nil {
            try pub.send([Data("style-loaded".utf8), Data([9])])
            try pub.send([Data("map-idle".utf8), Data([1, 2, 3])])
            received = try sub.receive()
        }
        #expect(received == [Data("map-idle".utf8), Data([1, 2, 3])])
    }

    @Test func routerSeesEachDealerByIdentityAndAnswersIt() throws {
        let context = ZMQContext()
        let router = try ZMQSocket(context, type: .router)
        let dealer = try ZMQSocket(context, type: .dealer)
        defer { router.close(); dealer.close() }
        let address = endpoint("router")
        try router.bind(address)
        try dealer.setIdentity(Array("plugin-a".utf8))
        try dealer.connect(address)
        try dealer.send([Data("hello".utf8)])
        let frames = try #require(try router.receive())
        #expect(frames == [Data("plugin-a".utf8), Data("hello".utf8)])
        try router.send([frames[0], Data("welcome".utf8)])
        #expect(try dealer.receive() == [Data("welcome".utf8)])
    }

    @Test func pollerTimesOutWhenNothingArrivesAndReportsReadableSockets() throws {
        let context = ZMQContext()
        let a = try ZMQSocket(context, type: .pair)
        let b = try ZMQSocket(context, type: .pair)
        defer { a.close(); b.close() }
        try a.bind("inproc://poll")
        try b.connect("inproc://poll")
        var poller = ZMQPoller([a])
        #expect(try poller.poll(timeoutMilliseconds: 20) == [false])
        try b.send([Data("x".utf8)])
        #expect(try poller.poll(timeoutMilliseconds: 1000) == [true])
        #expect(try a.receive(dontWait: true) == [Data("x".utf8)])
        #expect(try a.receive(dontWait: true) == nil)
    }

    @Test func errorsNameTheOperationAndTheCause() throws {
        let socket = try ZMQSocket(type: .pub)
        defer { socket.close() }
        #expect(throws: ZMQError.self) { try socket.bind("nonsense://x") }
        do { try socket.bind("nonsense://x") } catch {
            #expect(error.description.hasPrefix("bind nonsense://x:"))
        }
    }

    @Test func shuttingTheContextDownWakesABlockedReceive() throws {
        let context = ZMQContext()
        let socket = try ZMQSocket(context, type: .sub)
        defer { socket.close() }
        try socket.connect("inproc://nothing")
        // Shut down once this thread sleeps in the receive (announced first, then seen asleep in /proc).
        let receiver = ThreadID.current
        let shutdown = Thread {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, !(receiver.announced && receiver.isSleeping) { usleep(1_000) }
            context.shutdown()
        }
        shutdown.start()
        receiver.announce()
        do {
            _ = try socket.receive()
            Issue.record("receive returned without a message")
        } catch {
            #expect(error.terminated)
        }
    }
}

/// A thread as Linux sees it, so another thread can tell when it has gone to sleep (blocked in a call).
final class ThreadID: Sendable {
    /// "/proc/<pid>/task/<tid>", resolved on the thread itself.
    let procPath: String
    private let flag = Mutex(false)

    private init(procPath: String) { self.procPath = procPath }

    static var current: ThreadID {
        ThreadID(procPath: "/proc/" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "self"))
    }

    /// Says the thread is about to block; sleeping before that (in any other wait) does not count.
    func announce() { flag.withLock { $0 = true } }
    var announced: Bool { flag.withLock { $0 } }

    /// The state letter in its stat file is "S": sleeping, interruptibly.
    var isSleeping: Bool {
        guard let stat = try? String(contentsOfFile: procPath + "/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)...].first == "S"
    }
}

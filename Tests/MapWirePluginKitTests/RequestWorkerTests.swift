import Foundation
import MapWireBus
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing
@testable import MapWirePluginKit

/// The off-thread request worker (the renderer's): a reply socket that dies ends it with the error,
/// and a request offered afterwards is refused, so the runner leaves instead of heartbeating on while
/// no reply ever reaches the core.
@Suite struct RequestWorkerTests {
    /// The runner's side of the worker's inproc pair, in a context of the test's own that it can shut down.
    final class Pair {
        let context = ZMQContext()
        let socket: ZMQSocket
        let worker: RequestWorker

        init() throws {
            socket = try ZMQSocket(context, type: .pair)
            worker = RequestWorker(context: context)
            try socket.bind(worker.endpoint)
        }

        /// The next reply the worker sent, within `timeout` seconds.
        func reply(timeout: TimeInterval = 10) throws -> Mapwire_V1_PluginReply? {
            var poller = ZMQPoller([socket])
            guard try poller.poll(timeoutMilliseconds: Int(timeout * 1000)).first == true,
                  let frames = try socket.receive(dontWait: true), let frame = frames.first else { return nil }
            let message = try ControlCodec.decode(frame)
            guard case .reply(let reply) = message.body else { return nil }
            return reply
        }

        deinit {
            worker.stop()
            socket.close()
        }
    }

    /// The ids of the requests the handler was given, from the worker's thread.
    final class Handled: Sendable {
        private let ids = Mutex<[UInt64]>([])
        var all: [UInt64] { ids.withLock { $0 } }

        /// Answers each request with an empty reply of its id.
        var echo: PluginRunner.Handler {
            { request in
                self.ids.withLock { $0.append(request.id) }
                return .with { $0.id = request.id }
            }
        }
    }

    @Test func aReplyThatCannotBeSentEndsTheWorkerAndLaterRequestsAreRefused() throws {
        let pair = try Pair()
        let handled = Handled()
        pair.worker.start(handler: handled.echo)
        try pair.worker.submit(.with { $0.id = 1 })
        #expect(try pair.reply()?.id == 1, "a working socket carries the reply")
        #expect(pair.worker.failure == nil)

        // The socket dies under the worker: calls in the context now fail with ETERM (libzmq notices at
        // the latest a millisecond after, so requests go on coming until a reply cannot leave).
        pair.context.shutdown()
        var next: UInt64 = 2
        #expect(waitUntil {
            if pair.worker.failure == nil, (try? pair.worker.submit(.with { $0.id = next })) != nil { next += 1 }
            return pair.worker.failure != nil
        }, "the failed send is kept, not swallowed")
        #expect(pair.worker.failure?.terminated == true, "\(String(describing: pair.worker.failure))")
        let answered = handled.all
        #expect(answered.count >= 2 && answered == Array(1...UInt64(answered.count)),
                "the handler answered each, in order; the last reply could not leave: \(answered)")
        #expect(throws: ZMQError.self) { try pair.worker.submit(.with { $0.id = next }) }
        #expect(handled.all == answered, "nothing is handled once the worker has ended")
    }

    @Test func aReplySocketThatCannotBeMadeEndsTheWorkerBeforeAnyRequest() throws {
        let pair = try Pair()
        pair.context.shutdown()
        let handled = Handled()
        pair.worker.start(handler: handled.echo)
        #expect(waitUntil { pair.worker.failure != nil })
        #expect(throws: ZMQError.self) { try pair.worker.submit(.with { $0.id = 1 }) }
        #expect(handled.all.isEmpty)
    }
}

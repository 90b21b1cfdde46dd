import Foundation
import MapWireBus
import Testing

/// A context outlives its sockets, so dropping both on an error path never hangs in zmq_ctx_term
/// (a core that cannot start must exit, not hang).
@Suite struct SocketLifetimeTests {
    @Test func releasingTheContextBeforeItsSocketDoesNotHang() throws {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var context: ZMQContext? = ZMQContext()
            let socket = try? ZMQSocket(context!, type: .router)
            try? socket?.bind("tcp://127.0.0.1:*")
            context = nil   // the last reference of ours: the socket still holds it
            withExtendedLifetime(socket) {}
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success, "zmq_ctx_term waited on an open socket")
    }

    @Test func listenChecksNameTheProblem() throws {
        let holder = try ZMQSocket(ZMQContext(), type: .router)
        try holder.bind("tcp://127.0.0.1:*")
        let taken = holder.lastEndpoint
        #expect(TCPListenCheck.problem(binding: taken, role: "control")?.contains("is already in use") == true)
        #expect(TCPListenCheck.problem(binding: "tcp://192.0.2.1:5555", role: "control")?.contains("not an address of this machine") == true)
        #expect(TCPListenCheck.problem(binding: "tcp://127.0.0.1:*", role: "control") == nil)
        #expect(!TCPListenCheck.warnings(for: "tcp://0.0.0.0:5555").isEmpty)
        #expect(TCPListenCheck.warnings(for: "tcp://127.0.0.1:5555").isEmpty)
    }
}

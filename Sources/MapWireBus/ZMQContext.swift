import CZeroMQ

/// A libzmq context: owns the I/O threads every socket of a process shares.
///
/// `@unchecked Sendable`: libzmq documents contexts as thread-safe (sockets are not), and the only
/// state here is the immutable handle.
public final class ZMQContext: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    public init(ioThreads: Int32 = 1) {
        guard let handle = zmq_ctx_new() else { fatalError("zmq_ctx_new failed: out of memory") }
        zmq_ctx_set(handle, ZMQ_IO_THREADS, ioThreads)
        self.handle = handle
    }

    /// The process-wide context, created on first use.
    public static let shared = ZMQContext()

    /// Makes blocking calls in all sockets of this context return ETERM; sockets must still be closed.
    public func shutdown() {
        zmq_ctx_shutdown(handle)
    }

    deinit {
        zmq_ctx_term(handle)
    }
}

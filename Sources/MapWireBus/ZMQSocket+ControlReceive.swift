import CZeroMQ

extension ZMQSocket {
    /// The core's control receive: one whole ROUTER message, its first two frames (identity, body) lent to
    /// `body` without a copy (valid only inside it), with its frame count and the size of its largest
    /// frame, so a message over the size limit is refused without being copied at all. Returns nil when
    /// `dontWait` is set and nothing is queued.
    public func receiveControl<T>(
        dontWait: Bool = false,
        _ body: (_ identity: UnsafeRawBufferPointer, _ message: UnsafeRawBufferPointer, _ frameCount: Int, _ largestFrameBytes: Int) -> T
    ) throws(ZMQError) -> T? {
        var first = zmq_msg_t(), second = zmq_msg_t(), rest = zmq_msg_t()
        zmq_msg_init(&first)
        zmq_msg_init(&second)
        zmq_msg_init(&rest)
        defer { zmq_msg_close(&first); zmq_msg_close(&second); zmq_msg_close(&rest) }
        if zmq_msg_recv(&first, handle, dontWait ? ZMQ_DONTWAIT : 0) < 0 {
            let error = ZMQError("receive")
            if error.wouldBlock { return nil }
            throw error
        }
        var count = 1
        var largest = zmq_msg_size(&first)
        if zmq_msg_more(&first) != 0 {
            // The rest of a message is already here once its first frame is: these never wait.
            guard zmq_msg_recv(&second, handle, 0) >= 0 else { throw ZMQError("receive") }
            count = 2
            largest = max(largest, zmq_msg_size(&second))
            var more = zmq_msg_more(&second) != 0
            while more {
                guard zmq_msg_recv(&rest, handle, 0) >= 0 else { throw ZMQError("receive") }
                count += 1
                largest = max(largest, zmq_msg_size(&rest))
                more = zmq_msg_more(&rest) != 0
            }
        }
        return body(Self.lent(&first), Self.lent(&second), count, largest)
    }

    private static func lent(_ message: inout zmq_msg_t) -> UnsafeRawBufferPointer {
        let size = zmq_msg_size(&message)
        return size == 0 ? UnsafeRawBufferPointer(start: nil, count: 0) : UnsafeRawBufferPointer(start: zmq_msg_data(&message), count: size)
    }
}

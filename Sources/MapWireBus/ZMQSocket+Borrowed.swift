import CZeroMQ

extension ZMQSocket {
    /// Receives one whole message and lends its first two frames to `body` without copying them (the
    /// buffers are valid only inside `body`); `frameCount` says how many frames the message had. Returns
    /// nil when `dontWait` is set and nothing is queued. The event hot path: no `Data` per frame.
    public func receiveBorrowed<T>(
        dontWait: Bool = false,
        _ body: (_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ frameCount: Int) -> T
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
        if zmq_msg_more(&first) != 0 {
            // The rest of a message is already here once its first frame is: these never wait.
            guard zmq_msg_recv(&second, handle, 0) >= 0 else { throw ZMQError("receive") }
            count = 2
            var more = zmq_msg_more(&second) != 0
            while more {
                guard zmq_msg_recv(&rest, handle, 0) >= 0 else { throw ZMQError("receive") }
                count += 1
                more = zmq_msg_more(&rest) != 0
            }
        }
        return body(Self.buffer(&first), Self.buffer(&second), count)
    }

    private static func buffer(_ message: inout zmq_msg_t) -> UnsafeRawBufferPointer {
        let size = zmq_msg_size(&message)
        return size == 0 ? UnsafeRawBufferPointer(start: nil, count: 0) : UnsafeRawBufferPointer(start: zmq_msg_data(&message), count: size)
    }
}

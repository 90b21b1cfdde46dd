import CZeroMQ

extension ZMQSocket {
    /// Sends a one-frame message straight from `bytes` (libzmq copies them into its own message): no
    /// `Data` or array per message. With `dontWait`, a full queue throws EAGAIN.
    public func send(_ bytes: UnsafeRawBufferPointer, dontWait: Bool = false) throws(ZMQError) {
        guard zmq_send(handle, bytes.baseAddress, bytes.count, dontWait ? ZMQ_DONTWAIT : 0) >= 0 else { throw ZMQError("send") }
    }
}

extension ZMQSocket {
    /// Receives one whole message and lends its first frame to `body` without copying it (valid only
    /// inside `body`), with the message's frame count; false when `dontWait` is set and nothing is queued.
    /// `receiveBorrowed` without its generic result: a plugin's request loop calls it per request, and an
    /// unspecialized generic across modules looks up the result's metadata and destroys it through witnesses.
    public func receiveFirstFrame(dontWait: Bool = false, _ body: (_ first: UnsafeRawBufferPointer, _ frameCount: Int) -> Void) throws(ZMQError) -> Bool {
        var first = zmq_msg_t(), rest = zmq_msg_t()
        zmq_msg_init(&first)
        zmq_msg_init(&rest)
        defer { zmq_msg_close(&first); zmq_msg_close(&rest) }
        if zmq_msg_recv(&first, handle, dontWait ? ZMQ_DONTWAIT : 0) < 0 {
            let error = ZMQError("receive")
            if error.wouldBlock { return false }
            throw error
        }
        var count = 1
        var more = zmq_msg_more(&first) != 0
        while more {
            // The rest of a message is already here once its first frame is: these never wait.
            guard zmq_msg_recv(&rest, handle, 0) >= 0 else { throw ZMQError("receive") }
            count += 1
            more = zmq_msg_more(&rest) != 0
        }
        let size = zmq_msg_size(&first)
        body(size == 0 ? UnsafeRawBufferPointer(start: nil, count: 0) : UnsafeRawBufferPointer(start: zmq_msg_data(&first), count: size), count)
        return true
    }
}

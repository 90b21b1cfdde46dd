import CZeroMQ

extension ZMQSocket {
    /// Receives one whole message and drops it without copying its frames, returning its size in
    /// bytes (all frames), or nil when `dontWait` is set and nothing is queued. The raw libzmq
    /// baseline of `mapwire bench` uses it: the cost of the bus alone, with no copy and no decoding.
    public func receiveDiscarding(dontWait: Bool = false) throws(ZMQError) -> Int? {
        var message = zmq_msg_t()
        zmq_msg_init(&message)
        defer { zmq_msg_close(&message) }
        var total = 0
        var first = true
        while true {
            if zmq_msg_recv(&message, handle, dontWait ? ZMQ_DONTWAIT : 0) < 0 {
                let error = ZMQError("receive")
                if error.wouldBlock && first { return nil }
                throw error
            }
            first = false
            total += zmq_msg_size(&message)
            if zmq_msg_more(&message) == 0 { return total }
        }
    }
}

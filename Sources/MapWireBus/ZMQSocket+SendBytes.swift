import CZeroMQ

extension ZMQSocket {
    /// Sends a one-frame message straight from `bytes` (libzmq copies them into its own message): no
    /// `Data` or array per message. With `dontWait`, a full queue throws EAGAIN.
    public func send(_ bytes: UnsafeRawBufferPointer, dontWait: Bool = false) throws(ZMQError) {
        guard zmq_send(handle, bytes.baseAddress, bytes.count, dontWait ? ZMQ_DONTWAIT : 0) >= 0 else { throw ZMQError("send") }
    }
}

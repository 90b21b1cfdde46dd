import CZeroMQ

/// Waits until any of a set of sockets can be read. Blocking: call it only from a dedicated thread.
public struct ZMQPoller {
    private var items: [zmq_pollitem_t]

    public init(_ sockets: [ZMQSocket]) {
        items = sockets.map { zmq_pollitem_t(socket: $0.handle, fd: 0, events: Int16(ZMQ_POLLIN), revents: 0) }
    }

    /// Polls for up to `timeoutMilliseconds` (-1: forever) and returns, per socket, whether it is readable.
    /// An interrupted poll (EINTR) returns all false.
    public mutating func poll(timeoutMilliseconds: Int) throws(ZMQError) -> [Bool] {
        let count = Int32(items.count)
        let rc = items.withUnsafeMutableBufferPointer { zmq_poll($0.baseAddress, count, timeoutMilliseconds) }
        if rc < 0 {
            let error = ZMQError("poll")
            if error.code == EINTR { return Array(repeating: false, count: items.count) }
            throw error
        }
        return items.map { $0.revents & Int16(ZMQ_POLLIN) != 0 }
    }
}

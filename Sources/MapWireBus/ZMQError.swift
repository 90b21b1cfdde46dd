import CZeroMQ

/// A libzmq call failed; `code` is the errno it reported.
public struct ZMQError: Error, CustomStringConvertible, Sendable, Equatable {
    public let code: Int32
    public let operation: String

    public init(_ operation: String, code: Int32 = mapwire_zmq_errno()) {
        self.operation = operation
        self.code = code
    }

    public var description: String {
        "\(operation): \(String(cString: zmq_strerror(code)))"
    }

    /// True when the call would have blocked (non-blocking send/receive, or a timeout).
    public var wouldBlock: Bool { code == EAGAIN }
    /// True when the context was terminated while the call waited.
    public var terminated: Bool { code == ETERM }
}

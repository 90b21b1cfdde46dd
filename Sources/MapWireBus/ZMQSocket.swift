import CZeroMQ
import Foundation

/// The socket types MapWire uses.
public enum ZMQSocketType: Int32, Sendable {
    case pub, sub, dealer, router, pair, xpub, rep, xsub, req

    var raw: Int32 {
        switch self {
        case .pub: ZMQ_PUB
        case .sub: ZMQ_SUB
        case .dealer: ZMQ_DEALER
        case .router: ZMQ_ROUTER
        case .pair: ZMQ_PAIR
        case .xpub: ZMQ_XPUB
        case .rep: ZMQ_REP
        case .xsub: ZMQ_XSUB
        case .req: ZMQ_REQ
        }
    }
}

/// One libzmq socket. Not `Sendable`: libzmq sockets must stay on the thread that uses them, so a
/// socket is created, used and closed by one thread (the owner of a loop, never the cooperative pool).
public final class ZMQSocket {
    let handle: UnsafeMutableRawPointer
    private var closed = false
    /// Held so the context ends after its sockets: zmq_ctx_term waits for every socket of the context
    /// to be closed, so a context released first (an error path that drops both) would hang forever.
    private let context: ZMQContext

    public init(_ context: ZMQContext = .shared, type: ZMQSocketType) throws(ZMQError) {
        guard let handle = zmq_socket(context.handle, type.raw) else { throw ZMQError("zmq_socket") }
        self.handle = handle
        self.context = context
        // Never let close() hang on undelivered messages.
        try setOption(ZMQ_LINGER, Int32(0))
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        zmq_close(handle)
    }

    // MARK: Endpoints

    public func bind(_ endpoint: String) throws(ZMQError) {
        guard zmq_bind(handle, endpoint) == 0 else { throw ZMQError("bind \(endpoint)") }
    }

    public func connect(_ endpoint: String) throws(ZMQError) {
        guard zmq_connect(handle, endpoint) == 0 else { throw ZMQError("connect \(endpoint)") }
    }

    /// The endpoint actually bound (resolves wildcard tcp ports).
    public var lastEndpoint: String {
        var buffer = [CChar](repeating: 0, count: 1024)
        var size = buffer.count
        zmq_getsockopt(handle, ZMQ_LAST_ENDPOINT, &buffer, &size)
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Options

    public func setOption(_ option: Int32, _ value: Int32) throws(ZMQError) {
        var v = value
        guard zmq_setsockopt(handle, option, &v, MemoryLayout<Int32>.size) == 0 else {
            throw ZMQError("setsockopt \(option)")
        }
    }

    public func setOption(_ option: Int32, _ value: Int64) throws(ZMQError) {
        var v = value
        guard zmq_setsockopt(handle, option, &v, MemoryLayout<Int64>.size) == 0 else {
            throw ZMQError("setsockopt \(option)")
        }
    }

    public func setOption(_ option: Int32, bytes: [UInt8]) throws(ZMQError) {
        let rc = bytes.withUnsafeBytes { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        guard rc == 0 else { throw ZMQError("setsockopt \(option)") }
    }

    /// Subscribes a SUB socket to topics starting with `prefix` ("" for everything).
    public func subscribe(_ prefix: String) throws(ZMQError) {
        try setOption(ZMQ_SUBSCRIBE, bytes: Array(prefix.utf8))
    }

    /// Send and receive high-water marks (messages queued per peer before sends drop or block).
    public func setHighWaterMarks(send: Int32, receive: Int32) throws(ZMQError) {
        try setOption(ZMQ_SNDHWM, send)
        try setOption(ZMQ_RCVHWM, receive)
    }

    /// Largest message this socket accepts from a peer; larger ones disconnect the peer.
    public func setMaxMessageSize(_ bytes: Int64) throws(ZMQError) {
        try setOption(ZMQ_MAXMSGSIZE, bytes)
    }

    public func setIdentity(_ identity: [UInt8]) throws(ZMQError) {
        try setOption(ZMQ_ROUTING_ID, bytes: identity)
    }

    /// Milliseconds a blocking receive waits (-1: forever).
    public func setReceiveTimeout(milliseconds: Int32) throws(ZMQError) {
        try setOption(ZMQ_RCVTIMEO, milliseconds)
    }

    /// How long close() may wait to deliver queued messages (0, the default here: not at all).
    public func setLinger(milliseconds: Int32) throws(ZMQError) {
        try setOption(ZMQ_LINGER, milliseconds)
    }

    /// A ROUTER send to an unknown peer fails with EHOSTUNREACH instead of dropping silently.
    public func setRouterMandatory(_ on: Bool) throws(ZMQError) {
        try setOption(ZMQ_ROUTER_MANDATORY, Int32(on ? 1 : 0))
    }

    // MARK: Sending

    /// Sends one message of one or more frames. With `dontWait`, a full queue throws EAGAIN.
    public func send(_ frames: [Data], dontWait: Bool = false) throws(ZMQError) {
        for (index, frame) in frames.enumerated() {
            var flags: Int32 = dontWait ? ZMQ_DONTWAIT : 0
            if index < frames.count - 1 { flags |= ZMQ_SNDMORE }
            try sendFrame(frame, flags: flags)
        }
    }

    /// Sends a message whose frames are raw byte buffers, without copying them into `Data` first.
    public func send(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, dontWait: Bool = false) throws(ZMQError) {
        let base: Int32 = dontWait ? ZMQ_DONTWAIT : 0
        guard zmq_send(handle, first.baseAddress, first.count, base | ZMQ_SNDMORE) >= 0 else { throw ZMQError("send") }
        guard zmq_send(handle, second.baseAddress, second.count, base) >= 0 else { throw ZMQError("send") }
    }

    private func sendFrame(_ frame: Data, flags: Int32) throws(ZMQError) {
        let rc = frame.withUnsafeBytes { zmq_send(handle, $0.baseAddress, $0.count, flags) }
        guard rc >= 0 else { throw ZMQError("send") }
    }

    // MARK: Receiving

    /// Receives one whole message (all its frames). Returns nil when `dontWait` is set and nothing is
    /// queued, or when a receive timeout expires.
    public func receive(dontWait: Bool = false) throws(ZMQError) -> [Data]? {
        var frames: [Data] = []
        var message = zmq_msg_t()
        zmq_msg_init(&message)
        defer { zmq_msg_close(&message) }
        while true {
            let rc = zmq_msg_recv(&message, handle, dontWait ? ZMQ_DONTWAIT : 0)
            if rc < 0 {
                let error = ZMQError("receive")
                if error.wouldBlock && frames.isEmpty { return nil }
                throw error
            }
            let size = zmq_msg_size(&message)
            frames.append(size == 0 ? Data() : Data(bytes: zmq_msg_data(&message), count: size))
            if zmq_msg_more(&message) == 0 { return frames }
        }
    }

    /// Receives one whole message like `receive`, but copies at most `keep` bytes of a frame larger than
    /// `limit`: the caller refuses such a message without paying for a copy of it (see `ReceivedMessage`).
    public func receive(dontWait: Bool = false, limit: Int, keep: Int = 32) throws(ZMQError) -> ReceivedMessage? {
        var message = ReceivedMessage()
        var part = zmq_msg_t()
        zmq_msg_init(&part)
        defer { zmq_msg_close(&part) }
        while true {
            let rc = zmq_msg_recv(&part, handle, dontWait ? ZMQ_DONTWAIT : 0)
            if rc < 0 {
                let error = ZMQError("receive")
                if error.wouldBlock && message.frames.isEmpty { return nil }
                throw error
            }
            let size = zmq_msg_size(&part)
            message.largestFrameBytes = max(message.largestFrameBytes, size)
            let copied = size > limit ? min(size, keep) : size
            message.frames.append(copied == 0 ? Data() : Data(bytes: zmq_msg_data(&part), count: copied))
            if zmq_msg_more(&part) == 0 { return message }
        }
    }
}

/// A message from `ZMQSocket.receive(dontWait:limit:keep:)`: its frames, a frame over the limit cut to its
/// first bytes, and the size of its largest frame as it arrived.
public struct ReceivedMessage: Sendable {
    public var frames: [Data] = []
    public var largestFrameBytes = 0
}

/// Option numbers for XPUB sockets, re-exported so callers need not import the C module.
public enum XPUBOption {
    public static let verbose: Int32 = ZMQ_XPUB_VERBOSE
    public static let verboser: Int32 = ZMQ_XPUB_VERBOSER
}

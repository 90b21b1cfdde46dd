import CZeroMQ
import SwiftProtobuf

/// A message body written in place in libzmq's own message (`zmq_msg_init_size`), so a large message (a
/// render frame with its tiles) is written once and sent without a copy: `try message.serializedBytes() as
/// ZMQMessageBytes`, then `ZMQSocket.send(_:_:dontWait:)`. A `Data` with `zmq_send` costs two copies.
///
/// Ownership: the `zmq_msg_t` is this object's until a send succeeds; libzmq then owns the buffer and the
/// message left here is empty (`count` 0, `isSent`). A message never sent, or whose send failed, is closed
/// when this object goes away. A class, not a struct: a copied `zmq_msg_t` would be closed twice.
/// Not `Sendable`: made, sent and dropped on the thread of the socket that sends it.
public final class ZMQMessageBytes: SwiftProtobufContiguousBytes {
    private let message: UnsafeMutablePointer<zmq_msg_t>
    /// Whether libzmq took the buffer.
    public private(set) var isSent = false

    /// `count` bytes of `repeating`, in a buffer libzmq allocated (swift-protobuf asks for zeros, then
    /// writes every byte of them).
    public init(repeating: UInt8, count: Int) {
        message = Self.allocate(count)
        if count > 0 { zmq_msg_data(message).initializeMemory(as: UInt8.self, repeating: repeating, count: count) }
    }

    /// A copy of `sequence` (swift-protobuf does not use this to serialize; here for the protocol).
    public init<S: Sequence>(_ sequence: S) where S.Element == UInt8 {
        let bytes = Array(sequence)
        message = Self.allocate(bytes.count)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { zmq_msg_data(message).copyMemory(from: base, byteCount: source.count) }
        }
    }

    deinit {
        // After a successful send the message is empty: closing it is allowed and frees nothing.
        zmq_msg_close(message)
        message.deallocate()
    }

    public var count: Int { zmq_msg_size(message) }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: count == 0 ? nil : zmq_msg_data(message), count: count))
    }

    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: count == 0 ? nil : zmq_msg_data(message), count: count))
    }

    /// Hands the message to libzmq (`zmq_msg_send`, no copy). On failure nothing changed: the message is
    /// still this object's and can be sent again or dropped.
    func send(on socket: UnsafeMutableRawPointer, flags: Int32) throws(ZMQError) {
        guard !isSent else { throw ZMQError("send", code: EINVAL) }
        guard zmq_msg_send(message, socket, flags) >= 0 else { throw ZMQError("send") }
        isSent = true
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<zmq_msg_t> {
        let message = UnsafeMutablePointer<zmq_msg_t>.allocate(capacity: 1)
        // Fails only on ENOMEM, where a Swift allocation would stop the process as well.
        guard zmq_msg_init_size(message, count) == 0 else { fatalError("zmq_msg_init_size(\(count)): out of memory") }
        return message
    }
}

extension ZMQSocket {
    /// Sends a two-frame message, the first from a buffer (copied, as `zmq_send` does: a routing identity)
    /// and the second a message built in libzmq's buffer, handed over without a copy. When the first frame
    /// fails, the body is not sent and stays the caller's.
    public func send(_ first: UnsafeRawBufferPointer, _ body: ZMQMessageBytes, dontWait: Bool = false) throws(ZMQError) {
        let base: Int32 = dontWait ? ZMQ_DONTWAIT : 0
        guard zmq_send(handle, first.baseAddress, first.count, base | ZMQ_SNDMORE) >= 0 else { throw ZMQError("send") }
        try body.send(on: handle, flags: base)
    }

    /// Sends a one-frame message built in libzmq's buffer, without a copy.
    public func send(_ body: ZMQMessageBytes, dontWait: Bool = false) throws(ZMQError) {
        try body.send(on: handle, flags: dontWait ? ZMQ_DONTWAIT : 0)
    }
}

import MapWireWireFormat

/// Replies written on the runner's thread while it reads a batch of requests (`PluginRunner.WireHandler`),
/// sent together once the socket has no more requests waiting: one buffer for the whole batch (no
/// message, `Data` or lock per reply), each reply handed to libzmq from it, and libzmq's I/O thread woken
/// once for several replies instead of once for each. Noncopyable, as its buffer.
public struct WireReplies: ~Copyable {
    private var writer = ProtobufRawWriter(capacity: 4096)
    /// Where each reply ends in the buffer.
    private var ends: [Int] = []

    public init() {}

    /// Adds one whole control message, which `write` writes after the ones before (the generated writers:
    /// `Mapwire_V1_ControlMessage.writeReply`). Writing nothing adds nothing.
    public mutating func append(_ write: (inout ProtobufRawWriter) -> Void) {
        write(&writer)
        if writer.count > (ends.last ?? 0) { ends.append(writer.count) }
    }

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }

    /// Each reply's bytes in order, valid only inside `body`.
    public func forEach(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try writer.withBytes { (all: UnsafeRawBufferPointer) throws in
            var start = 0
            for end in ends {
                try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    /// Empties the batch, keeping the storage for the next one.
    mutating func removeAll() {
        writer.removeAll()
        ends.removeAll(keepingCapacity: true)
    }
}

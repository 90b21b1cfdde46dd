/// Replies written on the runner's thread while it reads a batch of requests (`PluginRunner.WireHandler`),
/// sent together once the socket has no more requests waiting: one buffer for the whole batch (no
/// message, `Data` or lock per reply), each reply handed to libzmq from it, and libzmq's I/O thread woken
/// once for several replies instead of once for each.
public struct WireReplies {
    private(set) var bytes: [UInt8] = []
    /// Where each reply ends in `bytes`.
    private(set) var ends: [Int] = []

    public init() {}

    /// Adds one whole control message, which `write` appends to the buffer it gets.
    public mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        if bytes.count > (ends.last ?? 0) { ends.append(bytes.count) }
    }

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }

    /// Each reply's bytes in order, valid only inside `body`.
    public func forEach(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { all in
            var start = 0
            for end in ends {
                try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    /// Empties the batch, keeping the storage for the next one.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}

/// Where the ids of requests to plugins come from: random 64-bit numbers, so that no peer can guess the
/// id of a request sent to another (PROTOCOL.md 7.4). The session never reads entropy itself: the shell
/// hands it the system's generator, tests a seeded one (MapWireNumerics' SeededRandom).
///
/// A pending request's id carries the index of its slot in the request table (`PendingRequests`) in its
/// low `slotBits` bits; the other 40 bits are random and never zero, and differ from those of the slot's
/// previous request, so a late reply to an earlier request in the same slot finds nothing.
public struct RequestIDs {
    /// Bits of an id that name a slot: up to 16 M requests pending at once.
    static let slotBits = 24
    static let slotMask: UInt64 = (1 << UInt64(slotBits)) - 1

    private var generator: any RandomNumberGenerator

    public init(_ generator: some RandomNumberGenerator) {
        self.generator = generator
    }

    /// A non-zero id for which `taken` is false (ids of requests still pending).
    mutating func next(avoiding taken: (UInt64) -> Bool) -> UInt64 {
        while true {
            let id = generator.next()
            if id != 0, !taken(id) { return id }
        }
    }

    /// The id of the next request in `slot`: random above the slot's bits, never zero there, and not the
    /// random part of `previous` (the id the slot held last).
    mutating func next(slot: Int, differentFrom previous: UInt64) -> UInt64 {
        while true {
            let random = generator.next() & ~Self.slotMask
            if random != 0, random != previous & ~Self.slotMask { return random | UInt64(slot) }
        }
    }
}

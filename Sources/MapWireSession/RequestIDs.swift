/// Where the ids of requests to plugins come from: random 64-bit numbers, so that no peer can guess the
/// id of a request sent to another (PROTOCOL.md 7.4). The session never reads entropy itself: the shell
/// hands it the system's generator, tests a seeded one.
public struct RequestIDs {
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
}

/// SplitMix64: a small seedable generator, for tests and reproducible runs (not for secrets).
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Where the ids of requests to plugins come from: random 64-bit numbers, so that no peer can guess the
/// id of a request sent to another (PROTOCOL.md 7.4). The session never reads entropy itself: the shell
/// hands it the system's generator, tests a seeded one (MapWireDemo's SeededRandom).
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

import Foundation

/// The kernel's random numbers for request ids (PROTOCOL.md 7.4), read 32 at a time from /dev/urandom: one
/// read per 32 requests instead of one getrandom(2) per request (SystemRandomNumberGenerator asks for 8
/// bytes a call), which was about 2 % of the core's time under a stream of loads. Should the device not
/// be there or come up short, the standard generator fills the batch.
struct BatchedSystemRandom: RandomNumberGenerator {
    private static let batch = 32
    private let device = FileHandle(forReadingAtPath: "/dev/urandom")
    private var values: [UInt64] = []
    private var used = 0
    private var fallback = SystemRandomNumberGenerator()

    mutating func next() -> UInt64 {
        if used == values.count { refill() }
        defer { used += 1 }
        return values[used]
    }

    private mutating func refill() {
        let bytes = (try? device?.read(upToCount: Self.batch * 8)) ?? nil
        if let bytes, bytes.count == Self.batch * 8 {
            values = bytes.withUnsafeBytes { raw in (0..<Self.batch).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) } }
        } else {
            values = (0..<Self.batch).map { _ in fallback.next() }
        }
        used = 0
    }
}

import Foundation
import MapWireNumerics

extension SeededRandom {
    /// `data` with one to three of its bytes flipped at random places (never to themselves).
    mutating func corrupting(_ data: Data) -> Data {
        var corrupted = data
        for _ in 0..<(1 + Int(next() % 3)) {
            let index = Int(next() % UInt64(corrupted.count))
            corrupted[index] ^= UInt8(truncatingIfNeeded: next() | 1)
        }
        return corrupted
    }
}

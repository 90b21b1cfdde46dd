import CZlib
import Foundation

/// CRC-32 (the PNG/gzip polynomial), computed by zlib.
enum CRC32 {
    static func checksum(_ parts: Data...) -> UInt32 {
        var crc = CZlib.crc32(0, nil, 0)
        for part in parts {
            part.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                crc = CZlib.crc32(crc, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count))
            }
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}

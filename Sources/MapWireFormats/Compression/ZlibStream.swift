import CZlib
import Foundation

/// Runs zlib's deflate/inflate over whole buffers. The container (zlib, gzip, auto-detect) is chosen
/// by zlib's `windowBits` convention: 15 = zlib, 15+16 = gzip, 15+32 = detect either when inflating.
enum ZlibStream {
    static let zlibWindowBits: Int32 = 15
    static let gzipWindowBits: Int32 = 15 + 16
    static let autoDetectWindowBits: Int32 = 15 + 32

    private static let chunkSize = 64 * 1024

    static func deflate(_ input: Data, windowBits: Int32, level: Int32 = Z_DEFAULT_COMPRESSION) -> Data {
        var stream = z_stream()
        guard mapwire_deflate_init(&stream, level, windowBits) == Z_OK else {
            // Only fails on bad parameters (ours are constant) or allocation failure.
            fatalError("deflateInit2 failed: zlib could not allocate its state")
        }
        defer { CZlib.deflateEnd(&stream) }

        var output = Data()
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(raw.count)
            var status: Int32 = Z_OK
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.deflate(&stream, Z_FINISH)
                    return out.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
            } while status == Z_OK
            // With Z_FINISH and a fresh buffer each round, anything but Z_STREAM_END is a zlib bug.
            precondition(status == Z_STREAM_END, "deflate failed with status \(status)")
        }
        return output
    }

    static func inflate(_ input: Data, windowBits: Int32, limit: Int) throws(GzipError) -> Data {
        var stream = z_stream()
        switch mapwire_inflate_init(&stream, windowBits) {
        case Z_OK: break
        case Z_MEM_ERROR: throw .outOfMemory
        default: throw .corrupt("inflateInit2 failed")
        }
        defer { CZlib.inflateEnd(&stream) }

        var output = Data()
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var exceededLimit = false
        let status = input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(raw.count)
            var status: Int32 = Z_OK
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                if output.count + produced > limit {
                    exceededLimit = true
                    return status
                }
                output.append(contentsOf: chunk[0..<produced])
            } while status == Z_OK
            return status
        }

        if exceededLimit { throw .outputTooLarge(limit: limit) }
        switch status {
        case Z_STREAM_END: return output
        // No progress possible: the input ran out before the end marker.
        case Z_BUF_ERROR: throw .truncated
        case Z_MEM_ERROR: throw .outOfMemory
        case Z_NEED_DICT: throw .corrupt("stream needs a preset dictionary")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            throw .corrupt(message)
        }
    }
}

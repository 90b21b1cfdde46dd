import Foundation

/// The file a recording goes to: created (or emptied) at start, each batch of bytes written with
/// write(2) in full, so what a kill leaves on disk ends at a whole batch (a whole chunk).
final class RecordingFile {
    let path: String
    private let fd: Int32
    private(set) var bytesWritten = 0

    init(path: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RecordingFileError("cannot create \(path): \(String(cString: strerror(errno)))") }
    }

    func write(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RecordingFileError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            done += n
        }
        bytesWritten += bytes.count
    }

    func close() { _ = Foundation.close(fd) }
}

struct RecordingFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

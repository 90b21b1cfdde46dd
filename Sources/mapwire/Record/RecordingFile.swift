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

    /// Why the path no longer names the file being written (deleted, or another file put in its
    /// place): writes would go on succeeding into a file nobody can open. Nil while it is in place.
    func missing() -> String? {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0 else { return "cannot check it: \(String(cString: strerror(errno)))" }
        guard stat(path, &named) == 0 else { return "it was deleted (\(String(cString: strerror(errno))))" }
        guard open.st_dev == named.st_dev, open.st_ino == named.st_ino else { return "another file took its place" }
        return open.st_nlink == 0 ? "it was deleted" : nil
    }
}

struct RecordingFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

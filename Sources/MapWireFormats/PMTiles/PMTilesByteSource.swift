import Foundation

/// Where a PMTiles archive's bytes come from: a local file, or (later) HTTP Range requests.
///
/// `read` returns exactly `length` bytes, or fewer only when the archive ends before
/// `offset + length` (an empty `Data` when `offset` is at or past the end); the reader turns a
/// short read into a clear "past the end" error. Any other failure is thrown.
public protocol PMTilesByteSource: Sendable {
    /// A path or URL for messages.
    var name: String { get }
    func read(offset: UInt64, length: Int) async throws -> Data
}

/// A source that can answer at once without suspending (a local file), so callers on a thread of
/// their own (the loader's worker) can read without bridging to async.
public protocol PMTilesSynchronousByteSource: PMTilesByteSource {
    func readNow(offset: UInt64, length: Int) throws -> Data
}

extension PMTilesSynchronousByteSource {
    public func read(offset: UInt64, length: Int) async throws -> Data {
        try readNow(offset: offset, length: length)
    }
}

/// A local archive read with `pread`: only the bytes asked for, never the whole file. The
/// descriptor stays open for the source's life, so a file replaced on disk (renamed over) keeps
/// answering from the archive that was opened, consistently with the cached directories.
public final class PMTilesFileSource: PMTilesSynchronousByteSource {
    // Sendable without locks: both stored properties are immutable and pread keeps no file position.
    public let name: String
    private let descriptor: Int32

    public init(path: String) throws(PMTilesError) {
        name = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .fileNotFound(path: path) }
            throw .readFailed(name: path, detail: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .readFailed(name: path, detail: "not a regular file")
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    public func readNow(offset: UInt64, length: Int) throws -> Data {
        guard length > 0 else { return Data() }
        // Offsets this large lie past any real file's end.
        guard let start = off_t(exactly: offset), start <= off_t.max - off_t(length) else { return Data() }
        var data = Data(count: length)
        var filled = 0
        while filled < length {
            let count = data.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, length - filled, start + off_t(filled))
            }
            if count == 0 { break }  // End of file: a short read.
            if count < 0 {
                if errno == EINTR { continue }
                throw PMTilesError.readFailed(name: name, detail: String(cString: strerror(errno)))
            }
            filled += count
        }
        data.count = filled
        return data
    }
}

/// An archive already in memory (a test's bytes, a fuzzer's input, a small download).
public struct PMTilesMemorySource: PMTilesSynchronousByteSource {
    public let name: String
    public let bytes: Data

    public init(name: String, bytes: Data) {
        self.name = name
        self.bytes = bytes
    }

    public func readNow(offset: UInt64, length: Int) throws -> Data {
        guard length > 0, offset < UInt64(bytes.count) else { return Data() }
        let start = Int(offset), end = start + min(length, bytes.count - start)
        return Data(bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)])
    }
}

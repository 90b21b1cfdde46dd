import Foundation

/// A local file opened for one load: open, fstat and read on the descriptor, so a load looks its path
/// up once (stat + open looked it up twice, and `Data(contentsOf: URL(fileURLWithPath:))` a third time:
/// the URL stats the path to learn whether it is a directory). Read into one buffer of the size fstat
/// gave; a file that grows while read is read to its end.
struct LocalFile {
    struct ReadError: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        /// Not there (or a path through something that is not a folder): the load's "not found".
        var isMissing: Bool { code == ENOENT || code == ENOTDIR }
        var description: String { "\(path): \(String(cString: strerror(code)))" }
    }

    let path: String
    private let fd: Int32
    private let info: stat

    init(_ path: String) throws(ReadError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: path, code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw ReadError(path: path, code: code)
        }
        self.path = path
        self.fd = fd
        self.info = info
    }

    var isDirectory: Bool { info.st_mode & S_IFMT == S_IFDIR }
    var modifiedSeconds: Int { Int(info.st_mtim.tv_sec) }
    var size: Int { Int(info.st_size) }
    var identity: SmallFileAnswers.Identity { SmallFileAnswers.Identity(info) }

    func close() { Glibc.close(fd) }

    func readAll() throws(ReadError) -> Data {
        var data = Data(count: max(0, Int(info.st_size)) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }
            let n = data.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, code: errno)
            }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        return data
    }
}

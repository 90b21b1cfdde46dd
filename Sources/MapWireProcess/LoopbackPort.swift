import Foundation

/// Loopback TCP ports: a free one (bound to port 0 and released), and waiting until something listens.
public enum LoopbackPort {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func free() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw Failure(description: "bind 127.0.0.1:0: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True once a connection to 127.0.0.1:`port` is accepted, false after `timeout` seconds.
    public static func waitUntilListening(_ port: Int, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if accepts(port) { return true }
            usleep(10_000)
        } while Date() < deadline
        return accepts(port)
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = connectedSocket(port)
        defer { if fd >= 0 { close(fd) } }
        return fd >= 0
    }

    /// A TCP socket connected to 127.0.0.1:`port` (the caller closes it), or -1 with errno set.
    /// `configure` sets options before it connects (a small receive buffer).
    public static func connectedSocket(_ port: Int, configure: (Int32) -> Void = { _ in }) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        configure(fd)
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            close(fd)
            errno = failure
            return -1
        }
        return fd
    }

    /// 127.0.0.1:`port` as a socket address (to bind).
    public static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

import Foundation

/// Whether `mapwire serve` can listen on its address, asked before any core starts: a port in use (or an
/// address this host does not have) is refused at once with the address named, not found out after the
/// cores and plugins are up.
enum ListenCheck {
    /// nil when HOST:PORT can be bound (every address HOST resolves to is tried), else why not.
    static func refusal(host: String, port: Int) -> String? {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, "\(port)", &hints, &list)
        guard resolved == 0, let first = list else {
            return "cannot listen on \(host):\(port): \(String(cString: gai_strerror(resolved)))"
        }
        defer { freeaddrinfo(first) }
        var why = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { why = String(cString: strerror(errno)); continue }
            defer { close(fd) }
            // As the HTTP server binds (SO_REUSEADDR: a port left in TIME_WAIT is free; one listened on is not).
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 1) == 0 { return nil }
            why = errno == EADDRINUSE ? "the address is in use (another server listens there)" : String(cString: strerror(errno))
        }
        return "cannot listen on \(host):\(port): \(why)"
    }
}

import Foundation

/// A blocking TCP connection read line by line: what gpsd's JSON protocol needs. Used from one thread
/// (the location plugin's source thread), never from the cooperative pool: every call may block for
/// up to its timeout.
public final class LineConnection {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case resolve(String)
        case connect(String)
        case closed
        case io(String)

        public var description: String {
            switch self {
            case .resolve(let why): "cannot resolve the address: \(why)"
            case .connect(let why): "cannot connect: \(why)"
            case .closed: "the peer closed the connection"
            case .io(let why): "connection error: \(why)"
            }
        }
    }

    private var fd: Int32
    private var buffer: [UInt8] = []
    /// gpsd lines are short; a peer sending more than this without a newline is not speaking its protocol.
    static let longestLine = 1 << 20

    public init(host: String, port: UInt16, timeoutMilliseconds: Int32 = 2000) throws(Failure) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw .resolve(String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let a = entry {
            entry = a.pointee.ai_next
            let s = socket(a.pointee.ai_family, a.pointee.ai_socktype, a.pointee.ai_protocol)
            guard s >= 0 else { lastError = Self.errnoText(); continue }
            if Self.connect(s, a.pointee.ai_addr, a.pointee.ai_addrlen, timeoutMilliseconds: timeoutMilliseconds, error: &lastError) {
                fd = s
                return
            }
            Foundation.close(s)
        }
        throw .connect(lastError)
    }

    deinit { close() }

    public func close() {
        if fd >= 0 { Foundation.close(fd) }
        fd = -1
    }

    public func send(_ text: String) throws(Failure) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(Self.errnoText())
            }
            offset += n
        }
    }

    /// The next line without its newline, or nil when none arrived within the timeout.
    public func readLine(timeoutMilliseconds: Int32) throws(Failure) -> String? {
        if let line = takeLine() { return line }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, timeoutMilliseconds)
        if ready < 0 { if errno == EINTR { return nil }; throw .io(Self.errnoText()) }
        if ready == 0 { return nil }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { throw .closed }
        if n < 0 { if errno == EINTR { return nil }; throw .io(Self.errnoText()) }
        buffer += chunk[..<n]
        if let line = takeLine() { return line }
        if buffer.count > Self.longestLine { throw .io("a line longer than \(Self.longestLine) bytes") }
        return nil
    }

    private func takeLine() -> String? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var line = buffer[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        buffer.removeSubrange(...newline)
        return String(decoding: line, as: UTF8.self)
    }

    /// A connect that gives up after the timeout (a firewalled host would otherwise hang for minutes).
    private static func connect(
        _ s: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, timeoutMilliseconds: Int32,
        error: inout String
    ) -> Bool {
        let flags = fcntl(s, F_GETFL)
        _ = fcntl(s, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(s, F_SETFL, flags) }
        if Foundation.connect(s, address, length) == 0 { return true }
        guard errno == EINPROGRESS else { error = errnoText(); return false }
        var pfd = pollfd(fd: s, events: Int16(POLLOUT), revents: 0)
        guard poll(&pfd, 1, timeoutMilliseconds) == 1 else { error = "timed out"; return false }
        var code: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(s, SOL_SOCKET, SO_ERROR, &code, &size)
        guard code == 0 else { error = String(cString: strerror(code)); return false }
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

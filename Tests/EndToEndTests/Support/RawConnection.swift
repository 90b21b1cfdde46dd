import Foundation
import MapWireProcess

/// A plain TCP connection to 127.0.0.1 that sends whatever bytes a test gives it, hostile ones
/// included, and tells what came back and whether (and when) the server closed the connection.
final class RawConnection {
    struct Outcome {
        /// Everything the server sent.
        let bytes: [UInt8]
        /// Seconds from the end of sending until the server closed the connection; nil: still open.
        let closedAfter: TimeInterval?

        /// "HTTP/1.1 400 Bad Request" → 400.
        var status: Int? {
            let line = String(decoding: bytes.prefix(64), as: UTF8.self).split(separator: " ")
            return line.count >= 2 && line[0].hasPrefix("HTTP/") ? Int(line[1]) : nil
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    let fd: Int32

    /// `receiveBuffer`: a small one (in bytes) for a client that reads slowly or not at all.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        fd = LoopbackPort.connectedSocket(port) { fd in
            guard var size = receiveBuffer else { return }
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        guard fd >= 0 else { throw ServeTestFailure(description: "connect to \(port): errno \(errno)") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Sends `bytes` (as much as the server takes before it closes), then reads until the server closes
    /// the connection or `timeout` seconds pass.
    func exchange(_ bytes: [UInt8], timeout: TimeInterval) -> Outcome {
        var received: [UInt8] = []
        var sent = 0
        var closed = false
        let deadline = Date().addingTimeInterval(timeout)
        var sendingEnded = Date()
        while sent < bytes.count, !closed, Date() < deadline {
            var poll = pollfd(fd: fd, events: Int16(POLLIN | POLLOUT), revents: 0)
            _ = Glibc.poll(&poll, 1, 50)
            if poll.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { closed = read(into: &received) }
            if poll.revents & Int16(POLLOUT) != 0 {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, min($0.count, 65_536), Int32(MSG_NOSIGNAL)) }
                if n > 0 { sent += n } else if n < 0, errno != EAGAIN { break }
            }
            sendingEnded = Date()
        }
        while !closed, Date() < deadline {
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = Glibc.poll(&poll, 1, 50)
            if poll.revents != 0 { closed = read(into: &received) }
        }
        return Outcome(bytes: received, closedAfter: closed ? max(0, Date().timeIntervalSince(sendingEnded)) : nil)
    }

    /// Reads what is there; true when the server closed (end of stream, or a reset).
    private func read(into received: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { received += buffer[0..<n]; continue }
            if n == 0 { return true }
            return errno != EAGAIN && errno != EWOULDBLOCK
        }
    }

    /// Whether the server has closed the connection by now (what it sent is read and dropped).
    var isClosedByServer: Bool {
        var dropped: [UInt8] = []
        return read(into: &dropped)
    }
}

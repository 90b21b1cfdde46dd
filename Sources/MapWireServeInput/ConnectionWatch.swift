import Foundation

/// What one HTTP connection may do before the server gives up on it, from the bytes that pass: a request
/// line is `METHOD TARGET HTTP/1.x` with a method HTTP defines and a target of visible ASCII (RFC 9112
/// section 3; anything else, garbage bytes or a URL in raw UTF-8, is 400 at its first bad byte); a request
/// head is at most `maxHeadBytes` (past it 414 when its first line is not even complete, else 431) and
/// must be complete within `headTimeout` of its first byte (408: a client that drips its head a byte a
/// second holds nothing for long); a connection with nothing asked or answered for `idleTimeout` is
/// closed. Each rejection is answered and the connection closed. While a request is being answered there is no limit here (the render timeout is the
/// server's), and after a WebSocket upgrade (101) the bytes are the live view's, no longer watched.
public struct ConnectionWatch: Sendable {
    public struct Limits: Sendable, Equatable {
        public var maxHeadBytes = 64 << 10
        public var headTimeoutMilliseconds: Int64 = 10_000
        public var idleTimeoutMilliseconds: Int64 = 75_000

        public init() {}
    }

    public enum Verdict: Equatable, Sendable {
        case keep
        /// Answer with this 4xx and close.
        case reject(status: Int, message: String)
        /// Close without an answer (idle).
        case close
    }

    enum State: Equatable {
        case idle(since: Int64)
        /// Reading a request head: when it began, its bytes so far, its first line while it lasts (nil once
        /// it ended), and the last bytes seen (a CR LF CR LF split over two reads).
        case head(since: Int64, bytes: Int, firstLine: [UInt8]?, tail: [UInt8])
        case answering
        case webSocket
        case finished
    }

    public let limits: Limits
    private(set) var state: State

    public init(limits: Limits = Limits(), now: Int64) {
        self.limits = limits
        state = .idle(since: now)
    }

    /// Whether a request is read or being answered and nothing was answered to it yet.
    public var awaitsAnswer: Bool {
        switch state {
        case .head, .answering: true
        default: false
        }
    }

    /// Bytes from the client.
    public mutating func received<Bytes: Collection<UInt8>>(_ bytes: Bytes, now: Int64) -> Verdict {
        guard !bytes.isEmpty else { return .keep }
        var (since, count, firstLine, tail): (Int64, Int, [UInt8]?, [UInt8])
        switch state {
        case .idle: (since, count, firstLine, tail) = (now, 0, [], [])
        case .head(let s, let c, let f, let t): (since, count, firstLine, tail) = (s, c, f, t)
        case .answering, .webSocket, .finished: return .keep
        }
        var window = tail
        for byte in bytes {
            count += 1
            window.append(byte)
            if window.count > 4 { window.removeFirst() }
            if var line = firstLine {
                if byte == 0x0A {
                    if line.last == 0x0D { line.removeLast() }
                    // Empty lines before a request are allowed (RFC 9112 section 2.2).
                    if line.isEmpty { firstLine = []; count = 0; continue }
                    if let why = Self.badRequestLine(line) { return reject(400, why) }
                    firstLine = nil
                    continue
                }
                // Visible ASCII and spaces only (a CR only before the LF).
                guard (0x20...0x7E).contains(byte) || (byte == 0x0D && line.last != 0x0D) else {
                    return reject(400, "the request line holds a byte no request line has (0x\(String(byte, radix: 16)))")
                }
                line.append(byte)
                firstLine = line
            } else if byte == 0x0A, window.suffix(2) == [0x0D, 0x0A] || window.suffix(2) == [0x0A, 0x0A] {
                // CR LF CR LF ends a head (a lenient client's LF LF too).
                if window == [0x0D, 0x0A, 0x0D, 0x0A] || window.suffix(2) == [0x0A, 0x0A] {
                    state = .answering
                    return .keep
                }
            }
            if count > limits.maxHeadBytes {
                return firstLine == nil
                    ? reject(431, "the request's headers are larger than \(limits.maxHeadBytes) bytes")
                    : reject(414, "the request line is longer than \(limits.maxHeadBytes) bytes")
            }
        }
        state = .head(since: since, bytes: count, firstLine: firstLine, tail: window)
        return .keep
    }

    private mutating func reject(_ status: Int, _ message: String) -> Verdict {
        state = .finished
        return .reject(status: status, message: message)
    }

    /// The methods HTTP defines (RFC 9110 section 9, and PATCH): any other is refused before it is parsed.
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// Why `METHOD TARGET HTTP/1.x` is not one, or nil.
    static func badRequestLine(_ line: [UInt8]) -> String? {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty else { return "the request line is not METHOD TARGET HTTP/1.1" }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard methods.contains(method) else { return "the method \(method.prefix(20)) is not one HTTP defines" }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return "the HTTP version \(version.prefix(20)) is not 1.0 or 1.1" }
        return nil
    }

    /// The server wrote to the client; `switchingProtocols`: it is a 101 answer (a WebSocket from now on).
    public mutating func sent(switchingProtocols: Bool, now: Int64) {
        switch state {
        case .webSocket, .finished: return
        default: state = switchingProtocols ? .webSocket : .idle(since: now)
        }
    }

    /// The clock moved.
    public mutating func tick(now: Int64) -> Verdict {
        switch state {
        case .head(let since, _, _, _) where now - since > limits.headTimeoutMilliseconds:
            return reject(408, "the request head did not arrive within \(limits.headTimeoutMilliseconds) ms")
        case .idle(let since) where now - since > limits.idleTimeoutMilliseconds:
            state = .finished
            return .close
        default:
            return .keep
        }
    }

    /// Nothing more is read or written (a rejection is under way, or the connection ends).
    public mutating func finish() { state = .finished }
}

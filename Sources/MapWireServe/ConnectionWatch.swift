import Foundation

/// What one HTTP connection may do before the server gives up on it, from the bytes that pass: a request
/// head is at most `maxHeadBytes` (past it 414 when its first line is not even complete, else 431) and
/// must be complete within `headTimeout` of its first byte (408: a client that drips its head a byte a
/// second holds nothing for long); a connection with nothing asked or answered for `idleTimeout` is
/// closed. While a request is being answered there is no limit here (the render timeout is the
/// server's), and after a WebSocket upgrade (101) the bytes are the live view's, no longer watched.
public struct ConnectionWatch: Sendable {
    public struct Limits: Sendable, Equatable {
        public var maxHeadBytes = 64 << 10
        public var headTimeoutMilliseconds: Int64 = 10_000
        public var idleTimeoutMilliseconds: Int64 = 60_000

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
        /// Reading a request head: when it began, its bytes so far, whether its first line ended, and
        /// the last bytes seen (a CR LF CR LF split over two reads).
        case head(since: Int64, bytes: Int, firstLineDone: Bool, tail: [UInt8])
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
        var (since, count, firstLineDone, tail): (Int64, Int, Bool, [UInt8])
        switch state {
        case .idle: (since, count, firstLineDone, tail) = (now, 0, false, [])
        case .head(let s, let c, let f, let t): (since, count, firstLineDone, tail) = (s, c, f, t)
        case .answering, .webSocket, .finished: return .keep
        }
        var window = tail
        for byte in bytes {
            count += 1
            window.append(byte)
            if window.count > 4 { window.removeFirst() }
            if byte == 0x0A, window.suffix(2) == [0x0D, 0x0A] || window.suffix(2) == [0x0A, 0x0A] {
                // CR LF CR LF ends a head (a lenient client's LF LF too).
                if window == [0x0D, 0x0A, 0x0D, 0x0A] || window.suffix(2) == [0x0A, 0x0A] {
                    state = .answering
                    return .keep
                }
                firstLineDone = true
            }
            if count > limits.maxHeadBytes {
                state = .finished
                return firstLineDone
                    ? .reject(status: 431, message: "the request's headers are larger than \(limits.maxHeadBytes) bytes")
                    : .reject(status: 414, message: "the request line is longer than \(limits.maxHeadBytes) bytes")
            }
        }
        state = .head(since: since, bytes: count, firstLineDone: firstLineDone, tail: window)
        return .keep
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
            state = .finished
            return .reject(status: 408, message: "the request head did not arrive within \(limits.headTimeoutMilliseconds) ms")
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

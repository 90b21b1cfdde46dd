import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol

/// Sends commands to a core and waits for their replies: what `mapwire send` and launchers use.
/// Not Sendable: it owns a socket, so it stays on the thread that made it.
public final class ControlClient {
    private let socket: ZMQSocket
    /// Command ids start at a random number below 2^53 and go up by one per command (PROTOCOL.md 7.3):
    /// two clients, or two runs of `mapwire send`, do not use the same ids, so a command's events
    /// (`causation_id`) can be told apart, and JSON readers that hold numbers as doubles keep them exact.
    private var nextID = ControlClient.firstCommandID()

    /// A random first command id in 1 ..< 2^53, leaving room to count up.
    static func firstCommandID() -> UInt64 { UInt64.random(in: 1 ... (1 << 52)) }

    /// `curve`: the keys for a core's TCP endpoint (PROTOCOL.md 2.4); nil for ipc. Throws a
    /// `RunDirectoryError` when an ipc endpoint is not this user's own (IPCEndpointCheck).
    public init(endpoint: String, context: ZMQContext = .shared, curve: CurveClientKeys? = nil) throws {
        try IPCEndpointCheck.verify(endpoint)
        socket = try ZMQSocket(context, type: .dealer)
        if let curve { try socket.makeCurveClient(curve) }
        try socket.connect(endpoint)
    }

    public enum Failure: Error, CustomStringConvertible {
        case timeout(Int)
        case transport(ZMQError)
        case rejected(String)
        /// `abandonIf` gave a reason to stop waiting (e.g. a process the answer depends on ended).
        case abandoned(String)

        public var description: String {
            switch self {
            case .timeout(let ms): "the core did not answer within \(ms) ms (is it running?)"
            case .transport(let e): "transport error: \(e)"
            case .rejected(let message): message
            case .abandoned(let why): why
            }
        }
    }

    /// Sends one command and returns the core's reply (ok or not). Throws on timeout or transport failure,
    /// or when `abandonIf` (asked at least every 100 ms while waiting) returns a reason.
    public func send(_ kind: Mapwire_V1_Command.OneOf_Kind, timeoutMilliseconds: Int = 5000,
                     abandonIf: () -> String? = { nil }) throws(Failure) -> Mapwire_V1_CommandReply {
        let id = nextID
        nextID += 1
        let message = Mapwire_V1_ControlMessage.with { $0.command = .with { $0.id = id; $0.kind = kind } }
        do { try socket.send([ControlCodec.encode(message)]) } catch { throw .transport(error) }
        let deadline = monotonicMillis() + Int64(timeoutMilliseconds)
        var poller = ZMQPoller([socket])
        while true {
            let remaining = deadline - monotonicMillis()
            guard remaining > 0 else { throw .timeout(timeoutMilliseconds) }
            if let why = abandonIf() { throw .abandoned(why) }
            let ready: [Bool]
            do { ready = try poller.poll(timeoutMilliseconds: Int(min(remaining, 100))) } catch { throw .transport(error) }
            guard ready[0] else { continue }
            let frames: [Data]?
            do { frames = try socket.receive(dontWait: true) } catch { throw .transport(error) }
            guard let frame = frames?.last, let reply = try? ControlCodec.decode(frame) else { continue }
            switch reply.body {
            case .commandReply(let r) where r.id == id: return r
            case .error(let e) where e.inReplyTo == id || e.inReplyTo == 0: throw .rejected(e.message)
            default: continue
            }
        }
    }

    /// Sends a command and throws `.rejected` with the core's message when the reply is not ok.
    @discardableResult
    public func run(_ kind: Mapwire_V1_Command.OneOf_Kind, timeoutMilliseconds: Int = 5000,
                    abandonIf: () -> String? = { nil }) throws(Failure) -> Mapwire_V1_CommandReply {
        let reply = try send(kind, timeoutMilliseconds: timeoutMilliseconds, abandonIf: abandonIf)
        guard reply.ok else { throw .rejected(reply.error) }
        return reply
    }

    /// True when a core answers a ping at `endpoint` within the timeout.
    public static func coreAnswers(at endpoint: String, timeoutMilliseconds: Int = 300) -> Bool {
        let context = ZMQContext()
        defer { context.shutdown() }
        guard let client = try? ControlClient(endpoint: endpoint, context: context) else { return false }
        defer { client.socket.close() }
        return (try? client.send(.ping(.init()), timeoutMilliseconds: timeoutMilliseconds)) != nil
    }
}

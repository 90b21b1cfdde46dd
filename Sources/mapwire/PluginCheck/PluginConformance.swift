import Foundation
import MapWireProcess
import MapWireProtocol
import MapWireWireFormat

/// Drives one plugin through the plugin side of PROTOCOL.md section 7 (hello and welcome, heartbeats
/// both ways, the requests of its roles, unknown and malformed messages, goodbye) and records one
/// result per check.
final class PluginConformance {
    let core: CheckCoreSide
    let plugin: CheckedPlugin
    let helloTimeoutMillis: Int64
    private(set) var results: [CheckResult] = []
    private(set) var hello: Mapwire_V1_Hello?
    /// Ids of the requests sent, so replies to anything else stand out.
    var sentRequestIDs: Set<UInt64> = []
    private var nextRequestID: UInt64 = 1

    init(core: CheckCoreSide, plugin: CheckedPlugin, helloTimeoutMillis: Int64) {
        self.core = core
        self.plugin = plugin
        self.helloTimeoutMillis = helloTimeoutMillis
    }

    var interval: Int64 { core.intervalMillis }

    func record(_ result: CheckResult) { results.append(result) }

    /// Runs every check, in protocol order; stops early only when there is no session to check.
    func run() {
        guard checkHello() else { return }
        checkHelloRepeats()
        checkHeartbeats()
        checkNotRegistered()
        for role in hello?.roles ?? [] { checkRole(role) }
        checkUnknownRequestKind()
        checkUnknownBody()
        checkMalformed()
        checkCoreSilence()
        checkRepliesMatchRequests()
        checkGoodbye()
        checkFraming()
    }

    // MARK: Requests

    /// Sends a request (its id filled in) and returns the id and the log index replies come after.
    func sendRequest(deadlineMillis: Int64 = 0, _ fill: (inout Mapwire_V1_PluginRequest) -> Void) -> (id: UInt64, mark: Int) {
        let id = nextRequestID
        nextRequestID += 1
        sentRequestIDs.insert(id)
        var request = Mapwire_V1_PluginRequest.with { $0.id = id }
        if deadlineMillis > 0 { request.deadlineUnixNanos = unixNanosNow() + deadlineMillis * 1_000_000 }
        fill(&request)
        let mark = core.log.count
        core.send(.with { $0.request = request })
        return (id, mark)
    }

    func alive() -> String? { plugin.isRunning ? nil : "the plugin ended (\(plugin.ending))" }

    // MARK: 7.1 hello and welcome

    private func isHello(_ message: Mapwire_V1_ControlMessage) -> Bool {
        if case .hello = message.body { true } else { false }
    }

    private func checkHello() -> Bool {
        let name = "says hello (7.1)"
        guard let index = core.find(helloTimeoutMillis, from: 0, isHello),
              case .hello(let h)? = core.log[index].message?.body else {
            record(.fail(name, alive() ?? "no hello within \(helloTimeoutMillis / 1000) s"))
            return false
        }
        hello = h
        var problems: [String] = []
        if h.name.isEmpty { problems.append("the name is empty") }
        if h.protocolVersion != mapWireProtocolVersion { problems.append("protocol_version is \(h.protocolVersion), not 1") }
        let about = "name \"\(h.name)\", roles [\(h.roles.joined(separator: ", "))], protocol \(h.protocolVersion), pid \(h.pid)"
        record(problems.isEmpty ? .pass(name, about) : .fail(name, problems.joined(separator: "; ") + " (" + about + ")"))
        return true
    }

    private func checkHelloRepeats() {
        let name = "hello again until welcomed (7.1)"
        let first = core.find(0, from: 0, isHello) ?? 0
        if let again = core.find(2500, from: first + 1, isHello) {
            record(.pass(name, "again after \(core.log[again].atMillis - core.log[first].atMillis) ms"))
        } else {
            record(.fail(name, alive() ?? "one hello, then nothing for 2.5 s without a welcome (expected one per second)"))
        }
    }

    // MARK: 7.2 heartbeats

    private func heartbeats(from index: Int) -> [CheckCoreSide.Received] {
        core.log[index...].filter { if case .heartbeat? = $0.message?.body { true } else { false } }
    }

    private func checkHeartbeats() {
        let name = "heartbeats every interval (7.2)"
        core.welcome()
        let mark = core.log.count
        // The first beat may wait out the interval the plugin had before the welcome (1 s).
        core.pump(for: 1000 + 10 * interval)
        let times = heartbeats(from: mark).map(\.atMillis)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        guard gaps.count >= 3 else {
            record(.fail(name, alive() ?? "\(times.count) heartbeats in \(1000 + 10 * interval) ms after a welcome with heartbeat_interval_ms \(interval)"))
            return
        }
        let median = gaps[gaps.count / 2]
        let detail = "\(times.count) heartbeats, median gap \(median) ms, longest \(gaps.last ?? median) ms (heartbeat_interval_ms \(interval))"
        record(median <= interval * 3 / 2 ? .pass(name, detail) : .fail(name, detail + ": slower than the welcome's interval"))
    }

    private func checkNotRegistered() {
        let name = "hello at once on CODE_NOT_REGISTERED (7.2)"
        let mark = core.log.count
        let sent = monotonicMillis()
        core.send(.error(.notRegistered, "plugin-check: not registered"))
        if let index = core.find(3 * interval, from: mark, isHello) {
            record(.pass(name, "hello after \(core.log[index].atMillis - sent) ms"))
        } else {
            record(.fail(name, alive() ?? "no hello within \(3 * interval) ms"))
        }
        core.welcome()
        core.pump(for: interval)
    }

    private func checkCoreSilence() {
        let name = "hello again after 3 silent intervals (7.2)"
        core.beating = false
        let mark = core.log.count
        let silent = monotonicMillis()
        let found = core.find(3 * interval + 2000, from: mark, isHello)
        if let found, core.log[found].atMillis - silent >= 2 * interval {
            record(.pass(name, "hello \(core.log[found].atMillis - silent) ms after the core went quiet (interval \(interval) ms)"))
        } else if let found {
            record(.fail(name, "hello after only \(core.log[found].atMillis - silent) ms of silence"))
        } else {
            record(.fail(name, alive() ?? "no hello within \(3 * interval + 2000) ms of silence from the core"))
        }
        core.welcome()
        core.pump(for: interval)
    }

    // MARK: 7.4, 7.7 tolerance

    private func checkUnknownRequestKind() {
        let name = "CODE_UNKNOWN_MESSAGE for an unknown request kind (7.4)"
        // A request whose kind is a field number no version 1 schema has (a newer core's request).
        var request = Mapwire_V1_PluginRequest.with { $0.id = 0 }
        let (id, _) = sendRequestBytes { id in
            request.id = id
            var bytes = (try? request.serializedBytes() as Data) ?? Data()
            bytes.append(contentsOf: [0x9A, 0x06, 0x02, 0x08, 0x01])   // field 99, 2 bytes: {1: 1}
            return bytes
        }
        guard let (_, reply) = core.reply(to: id, from: 0, within: 2000) else {
            record(.fail(name, alive() ?? "no reply within 2 s (the core would wait for its timeout)"))
            return
        }
        if case .error(let error)? = reply.kind, error.code == .unknownMessage {
            record(.pass(name, "error \"\(error.message)\""))
        } else {
            record(.fail(name, "answered \(describe(reply)) instead of Error{CODE_UNKNOWN_MESSAGE}"))
        }
    }

    /// Sends a PluginRequest given as raw bytes (so it can carry fields the schema lacks).
    private func sendRequestBytes(_ make: (UInt64) -> Data) -> (UInt64, Int) {
        let id = nextRequestID
        nextRequestID += 1
        sentRequestIDs.insert(id)
        let request = make(id)
        var frame = Data([0x2A])                      // ControlMessage.request, field 5, length-delimited
        frame.append(contentsOf: ProtobufWireWriter.varintBytes(UInt64(request.count)))
        frame.append(request)
        let mark = core.log.count
        core.sendFrames([frame])
        return (id, mark)
    }

    private func checkUnknownBody() {
        let name = "ignores unknown and empty bodies (7.7)"
        let mark = core.log.count
        core.sendFrames([Data([0xE2, 0x03, 0x00])])    // ControlMessage field 60: a body from a newer core
        core.sendFrames([Data()])                     // a ControlMessage with no body at all
        core.pump(for: 3 * interval)
        let answered = core.log[mark...].compactMap(\.message).filter {
            switch $0.body { case .heartbeat, .hello, .command: false; default: true }
        }
        if let problem = alive() { record(.fail(name, problem)) }
        else if heartbeats(from: mark).isEmpty { record(.fail(name, "stopped heartbeating")) }
        else if !answered.isEmpty { record(.fail(name, "answered with \(answered.count) message(s); an unknown body is ignored")) }
        else { record(.pass(name, "kept heartbeating, answered nothing")) }
    }

    private func checkMalformed() {
        let name = "survives malformed messages (3.2, 7.7)"
        let mark = core.log.count
        core.sendFrames([Data([0xFF, 0xFF, 0xFF, 0xFF, 0x0F])])              // not protobuf
        core.sendFrames([Data([0x2A, 0x20, 0x08])])                            // a request cut short
        core.sendFrames([Data([0x3A, 0x00]), Data([0x3A, 0x00])])              // two frames
        core.sendFrames([Data(repeating: 0x80, count: 64)])                    // a varint that never ends
        core.pump(for: 4 * interval)
        if let problem = alive() { record(.fail(name, problem)) }
        else if heartbeats(from: mark).isEmpty { record(.fail(name, "stopped heartbeating after them")) }
        else { record(.pass(name, "4 malformed messages; still running and heartbeating")) }
    }

    private func checkRepliesMatchRequests() {
        let name = "replies carry the ids of requests (7.4)"
        let replies = core.log.compactMap { r -> UInt64? in if case .reply(let reply)? = r.message?.body { reply.id } else { nil } }
        let strangers = replies.filter { !sentRequestIDs.contains($0) }
        if strangers.isEmpty { record(.pass(name, "\(replies.count) replies, all to requests sent")) }
        else { record(.fail(name, "\(strangers.count) of \(replies.count) replies name ids never sent (\(strangers.prefix(5).map(String.init).joined(separator: ", ")))")) }
    }

    // MARK: goodbye and framing

    private func checkGoodbye() {
        let name = "goodbye and exit on SIGTERM (7.2)"
        if let problem = alive() {
            record(.fail(name, problem + " before it was sent SIGTERM"))
            return
        }
        let mark = core.log.count
        let sent = monotonicMillis()
        plugin.signal(SIGTERM)
        let goodbye = core.find(3000, from: mark) { if case .goodbye = $0.body { true } else { false } }
        let exited = plugin.waitForExit(seconds: 5)
        switch (goodbye, exited) {
        case let (index?, true): record(.pass(name, "goodbye after \(core.log[index].atMillis - sent) ms, \(plugin.ending)"))
        case (nil, true): record(.fail(name, "exited (\(plugin.ending)) without a goodbye"))
        case (_?, false): record(.fail(name, "said goodbye but still runs 5 s later"))
        case (nil, false): record(.fail(name, "no goodbye, and still runs 5 s later"))
        }
    }

    private func checkFraming() {
        let name = "one frame, one ControlMessage each (3.2)"
        let bad = core.log.filter { $0.message == nil }
        if bad.isEmpty { record(.pass(name, "\(core.log.count) messages")) }
        else {
            let frames = bad.map { "\($0.frames.count)" }.prefix(5).joined(separator: ", ")
            record(.fail(name, "\(bad.count) of \(core.log.count) messages were not one valid frame (frame counts: \(frames))"))
        }
    }

    func describe(_ reply: Mapwire_V1_PluginReply) -> String {
        switch reply.kind {
        case .resource: "ResourceData"
        case .error(let e): "Error{\(e.code.documentedName), \"\(e.message)\"}"
        case .renderResult: "RenderResult"
        case .styleImageDecision: "StyleImageDecision"
        case .cameraDecision: "CameraDecision"
        case .gestureAnswer: "GestureAnswer"
        case .annotationDescriptions: "AnnotationDescriptions"
        case .userLocationDescription: "UserLocationDescription"
        case .queryFeaturesResult: "QueryFeaturesResult"
        case nil: "a reply of no known kind"
        }
    }
}

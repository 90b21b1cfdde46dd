import Foundation
import MapWireProcess
import MapWireProtocol
import MapWireSession

/// The requests of each role (PROTOCOL.md 7.5, 7.6, 7.9, 8), checked against what the protocol
/// says a plugin of that role must answer.
extension PluginConformance {
    func checkRole(_ role: String) {
        switch role {
        case PluginRole.loader: checkLoader()
        case PluginRole.renderer: checkRenderer()
        case PluginRole.cameraVeto: checkCameraVeto()
        case PluginRole.gestureDelegate: checkGestureDelegate()
        case PluginRole.styleImageRemover: checkStyleImageRemover()
        case PluginRole.loadStatus: checkLoadStatus()
        case PluginRole.annotationDelegate: checkAnnotationDelegate()
        default: record(.pass("role \(role)", "protocol version 1 defines no requests for it"))
        }
    }

    // MARK: loader (7.5)

    private func load(_ url: String, kind: Mapwire_V1_ResourceKind) -> (UInt64, Int) {
        let sent = sendRequest { $0.loadResource = .with { $0.request = .with { $0.url = url; $0.kind = kind } } }
        return (sent.id, sent.mark)
    }

    /// What is wrong with a ResourceData answer whatever it says: enums left at 0 (7.5).
    private func enumProblems(_ data: Mapwire_V1_ResourceData) -> [String] {
        var problems: [String] = []
        if data.dataSource == .unspecified { problems.append("data_source left at 0") }
        if data.response.source == .unspecified { problems.append("response.source left at 0") }
        return problems
    }

    private func checkLoader() {
        let path = core.directory.path + "/plugin-check.json"
        let content = Data("{\"plugin-check\":\"a file the loader should serve\"}".utf8)
        try? content.write(to: URL(fileURLWithPath: path))

        var name = "loader: LoadResource of a file (7.5)"
        var (id, mark) = load("file://" + path, kind: .style)
        if let (_, reply) = core.reply(to: id, from: mark, within: 10_000) {
            if case .resource(let data)? = reply.kind {
                let problems = enumProblems(data)
                if !problems.isEmpty { record(.fail(name, problems.joined(separator: "; "))) }
                else if data.response.hasError { record(.pass(name, "answered with a load error (it may not serve this folder): \(data.response.error.message)")) }
                else if data.data == content { record(.pass(name, "served the file's \(content.count) bytes")) }
                else if data.response.noContent { record(.fail(name, "no-content for a style file that exists")) }
                else { record(.fail(name, "served \(data.data.count) bytes that differ from the file's \(content.count)")) }
            } else {
                record(.fail(name, "answered \(describe(reply)); a loader answers every LoadResource with ResourceData"))
            }
        } else {
            record(.fail(name, alive() ?? "no reply within 10 s"))
        }

        name = "loader: a missing file is a ResourceData error (7.5)"
        (id, mark) = load("file://" + core.directory.path + "/no-such-file.json", kind: .style)
        if let (_, reply) = core.reply(to: id, from: mark, within: 10_000) {
            if case .resource(let data)? = reply.kind {
                let problems = enumProblems(data)
                if !problems.isEmpty { record(.fail(name, problems.joined(separator: "; "))) }
                else if data.response.hasError, data.data.isEmpty { record(.pass(name, "error reason \(data.response.error.reason.documentedName): \(data.response.error.message)")) }
                else { record(.fail(name, "no response.error for a file that does not exist")) }
            } else {
                record(.fail(name, "answered \(describe(reply)); failed loads are ResourceData with response.error"))
            }
        } else {
            record(.fail(name, alive() ?? "no reply within 10 s"))
        }
        checkCancelGetsNoReply(cancelling: id)
    }

    private func checkCancelGetsNoReply(cancelling target: UInt64) {
        let name = "no reply to a CancelRequest (7.5)"
        let (id, mark) = sendRequest { $0.cancel = .with { $0.requestID = target } }
        if core.reply(to: id, from: mark, within: 3 * interval) != nil {
            record(.fail(name, "replied to the cancel (request \(id))"))
        } else {
            record(.pass(name, alive() ?? "no reply in \(3 * interval) ms"))
        }
    }

    // MARK: renderer (7.6)

    private func checkRenderer() {
        let style = ##"{"version":8,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"#336699"}}]}"##
        var name = "renderer: RenderFrame gets a RenderResult (7.6)"
        let camera = Mapwire_V1_CameraState.with { $0.center = .with { $0.longitude = 0; $0.latitude = 0 }; $0.width = 64; $0.height = 64 }
        var sent = sendRequest { request in
            let id = request.id
            request.renderFrame = .with {
                $0.frameID = id
                $0.camera = camera
                $0.pixelRatio = 1
                $0.styleKey = "plugin-check-style"
                $0.resources = [.with { $0.key = "plugin-check-style"; $0.kind = .style; $0.data = Data(style.utf8); $0.dataIncluded = true }]
            }
        }
        // The frame id is the request id (7.6).
        if let (_, reply) = core.reply(to: sent.id, from: sent.mark, within: 30_000) {
            if case .renderResult(let result)? = reply.kind, result.frameID == sent.id, result.error.isEmpty {
                record(.pass(name, "frame \(result.frameID): \(result.width)×\(result.height) in \(String(format: "%.1f", result.renderMilliseconds)) ms"))
            } else if case .renderResult(let result)? = reply.kind {
                record(.fail(name, result.error.isEmpty ? "frame_id \(result.frameID), not \(sent.id)" : "could not draw a background: \(result.error)"))
            } else {
                record(.fail(name, "answered \(describe(reply))"))
            }
        } else {
            record(.fail(name, alive() ?? "no reply within 30 s"))
        }

        name = "renderer: missing_keys for a key it lacks (7.6)"
        sent = sendRequest { request in
            let id = request.id
            request.renderFrame = .with {
                $0.frameID = id
                $0.camera = camera
                $0.pixelRatio = 1
                $0.styleKey = "plugin-check-never-sent"
                $0.resources = [.with { $0.key = "plugin-check-never-sent"; $0.kind = .style; $0.dataIncluded = false }]
            }
        }
        if let (_, reply) = core.reply(to: sent.id, from: sent.mark, within: 30_000) {
            if case .renderResult(let result)? = reply.kind, result.missingKeys.contains("plugin-check-never-sent") {
                record(.pass(name, "missing_keys [\(result.missingKeys.joined(separator: ", "))]"))
            } else {
                record(.fail(name, "answered \(describe(reply)) without the key in missing_keys"))
            }
        } else {
            record(.fail(name, alive() ?? "no reply within 30 s"))
        }
    }

    // MARK: decisions (7.9)

    /// Sends the request three times, with a deadline, and checks each reply's kind and that the
    /// median answer time is within the deadline (a real core drops late answers; the median keeps a
    /// single scheduling hiccup on a busy machine from failing the check). The slowest answer is
    /// reported too, with a warning when it is past the deadline: a plugin slow at first (a JVM warming
    /// up) passes on its median but has its first answers dropped by a core, each counted as a timeout
    /// towards the unresponsive rule (PROTOCOL.md 7.4).
    private func checkDecision(_ name: String, deadlineMillis: Int64,
                               _ fill: (inout Mapwire_V1_PluginRequest) -> Void,
                               accept: (Mapwire_V1_PluginReply.OneOf_Kind?) -> String?) {
        checkDecision(name, deadlineMillis: deadlineMillis, fill, judge: { accept($0).map { .good($0) } ?? .wrongKind })
    }

    /// What a decision's answer is worth: its summary, the wrong kind of reply, or the right kind with
    /// something wrong in it.
    enum Verdict {
        case good(String)
        case wrongKind
        case bad(String)
    }

    private func checkDecision(_ name: String, deadlineMillis: Int64,
                               _ fill: (inout Mapwire_V1_PluginRequest) -> Void,
                               judge: (Mapwire_V1_PluginReply.OneOf_Kind?) -> Verdict) {
        var times: [Int64] = []
        var answer = ""
        for _ in 0 ..< 3 {
            let started = monotonicMillis()
            let (id, mark) = sendRequest(deadlineMillis: deadlineMillis, fill)
            guard let (at, reply) = core.reply(to: id, from: mark, within: 2000) else {
                record(.fail(name, alive() ?? "no reply within 2 s"))
                return
            }
            switch judge(reply.kind) {
            case .good(let accepted): answer = accepted
            case .wrongKind:
                record(.fail(name, "answered \(describe(reply))"))
                return
            case .bad(let why):
                record(.fail(name, why))
                return
            }
            times.append(at - started)
        }
        let median = times.sorted()[1]
        let slowest = times.max() ?? median
        var detail = "\(answer); answered in \(times.map { "\($0)" }.joined(separator: ", ")) ms (median \(median) ms, slowest \(slowest) ms)"
        if median <= deadlineMillis, slowest > deadlineMillis {
            detail += "; warning: the slowest is past the \(deadlineMillis) ms deadline, and a core drops such an answer and counts a timeout"
        }
        record(median <= deadlineMillis ? .pass(name, detail)
                                        : .fail(name, detail + ": later than the \(deadlineMillis) ms deadline, which a core drops"))
    }

    private func checkCameraVeto() {
        checkDecision("camera-veto: MayChangeCamera gets a CameraDecision (7.9)", deadlineMillis: 50, {
            $0.mayChangeCamera = .with {
                $0.oldCamera = .with { $0.center = .init(); $0.zoom = 3; $0.width = 512; $0.height = 512 }
                $0.newCamera = .with { $0.center = .init(); $0.zoom = 4; $0.width = 512; $0.height = 512 }
            }
        }, accept: { if case .cameraDecision(let d)? = $0 { "allow: \(d.allow)" } else { nil } })
    }

    private func checkGestureDelegate() {
        checkDecision("gesture-delegate: HandleGesture gets a GestureAnswer (7.9)", deadlineMillis: 50, {
            $0.handleGesture = .with { $0.gesture = .with { $0.kind = .tap; $0.location = .with { $0.x = 10; $0.y = 10 } } }
        }, accept: { if case .gestureAnswer(let a)? = $0 { "answer: \(a.answer.documentedName)" } else { nil } })
    }

    private func checkStyleImageRemover() {
        checkDecision("style-image-remover: gets a StyleImageDecision (7.6.1)", deadlineMillis: 50, {
            $0.shouldRemoveStyleImage = .with { $0.id = "plugin-check-image" }
        }, accept: { if case .styleImageDecision(let d)? = $0 { "keep: \(d.keep)" } else { nil } })
    }

    // MARK: annotation-delegate (7.10)

    private func checkAnnotationDelegate() {
        let asked = ["plugin-check-pin", "plugin-check-area"]
        let annotations: [Mapwire_V1_Annotation] = [
            .with {
                $0.id = asked[0]
                $0.title = "A pin"
                $0.point = .with { $0.coordinate = .with { $0.longitude = 2.35; $0.latitude = 48.85 } }
            },
            .with {
                $0.id = asked[1]
                $0.attributes = ["kind": "park"]
                $0.polygon = .with {
                    $0.outer = [(2.3, 48.8), (2.4, 48.8), (2.4, 48.9)].map { p in .with { $0.longitude = p.0; $0.latitude = p.1 } }
                }
            },
        ]
        checkDecision("annotation-delegate: DescribeAnnotations gets AnnotationDescriptions (7.10)", deadlineMillis: 50, {
            $0.describeAnnotations = .with { $0.annotations = annotations }
        }, judge: { kind in
            guard case .annotationDescriptions(let d)? = kind else { return .wrongKind }
            return Self.judge(d, asked: Set(asked))
        })
        checkDecision("annotation-delegate: DescribeUserLocation gets a UserLocationDescription (7.10)", deadlineMillis: 50, {
            $0.describeUserLocation = .with { $0.width = 512; $0.height = 512; $0.padding = .init() }
        }, judge: { kind in
            guard case .userLocationDescription(let d)? = kind else { return .wrongKind }
            let s = d.style
            let bad = [s.puckFillColor, s.haloColor, s.accuracyRingColor, s.headingArrowColor]
                .filter { !$0.isEmpty && !SessionConfiguration.isCSSColor($0) }
            guard bad.isEmpty else { return .bad("puck colours that are not CSS colours: \(bad.map(\.debugDescription).joined(separator: ", "))") }
            guard !d.hasAnchorPoint || (d.anchorPoint.x.isFinite && d.anchorPoint.y.isFinite) else { return .bad("an anchor point that is not finite") }
            return .good(d.hasAnchorPoint ? "anchor point (\(d.anchorPoint.x), \(d.anchorPoint.y))" : "default anchor point")
        })
    }

    /// Good descriptions name only ids that were asked about, with colours that parse, alpha within 0...1
    /// and no negative line width.
    static func judge(_ d: Mapwire_V1_AnnotationDescriptions, asked: Set<String>) -> Verdict {
        for description in d.descriptions {
            guard asked.contains(description.id) else {
                return .bad("described \(description.id.debugDescription), which it was not asked about")
            }
            for color in [description.hasStrokeColor ? description.strokeColor : nil,
                          description.hasFillColor ? description.fillColor : nil].compactMap({ $0 })
            where !SessionConfiguration.isCSSColor(color) {
                return .bad("\(description.id): colour \(color.debugDescription) is not a CSS colour")
            }
            if description.hasAlpha, !(0...1).contains(description.alpha) { return .bad("\(description.id): alpha \(description.alpha) outside 0...1") }
            if description.hasLineWidth, !(description.lineWidth >= 0) { return .bad("\(description.id): line width \(description.lineWidth) is negative") }
        }
        return .good("\(d.descriptions.count) description(s) of \(asked.count) asked, ids and colours valid")
    }

    // MARK: load-status (8.1)

    private func checkLoadStatus() {
        let name = "load-status: events become publish_load_status (8.1)"
        guard !core.subscriptions.isEmpty else {
            record(.fail(name, "never subscribed to the events socket"))
            return
        }
        let mark = core.log.count
        core.publish(.resourceRequest(.with {
            $0.dataSource = .fileSystem
            $0.request = .with { $0.url = "file://" + core.directory.path + "/style.json"; $0.kind = .style }
        }))
        core.publish(.mapLoaded(.init()))
        var statuses: [String] = []
        _ = core.find(3000, from: mark) { message in
            guard case .command(let command) = message.body, case .publishLoadStatus(let p)? = command.kind else { return false }
            statuses.append("\(p.change.target) \(p.change.status.documentedName)")
            return p.change.target == "map" && p.change.status == .loaded
        }
        if statuses.contains("map loaded") {
            record(.pass(name, statuses.joined(separator: ", ")))
        } else {
            record(.fail(name, alive() ?? "after a style request and map-loaded: [\(statuses.joined(separator: ", "))], no \"map loaded\""))
        }
    }
}

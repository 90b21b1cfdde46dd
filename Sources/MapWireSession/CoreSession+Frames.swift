import Foundation
import MapEngine
import MapWireProtocol

/// The session's side of the frames (FrameMachine): a frame begun on the map, drawn by a renderer through
/// a request like any other (CoreSession+Requests.swift), judged by the map, and finished with what the
/// machine says; snapshots and views of the map's frame.
extension CoreSession {
    /// Runs a frame now: through a renderer when one is attached, else without drawing.
    func runFrame() {
        guard frames.requestID == nil, let start = onMap({ $0.beginFrame() }) else { return }
        switch frames.plan(start, rendererPresent: router.has(role: PluginRole.renderer), now: now) {
        case .drawnByNobody:
            // Drawn by nobody on purpose: the annotations count as drawn.
            annotations.frameBegan()
            route(annotations.frameDrawn())
            onMap { $0.finishFrame(start) }
        case .notDrawn(let outputs):
            route(outputs)
        case .draw(let job):
            annotations.frameBegan()
            let (styleKey, resources) = onMap({ $0.renderResources() })
            let overlay = annotations.overlayResource()
            let puck = location.puck(at: viewport.location)
            let callout = annotations.calloutOverlay(in: annotationScene)
            let camera = cameraState
            let pixelRatio = map.pixelRatio
            let id = addRequest(role: PluginRole.renderer, purpose: .frame(job), policy: configuration.framePolicy) {
                $0.renderFrame = Mapwire_V1_RenderFrame(id: $0.id, job, camera: camera, pixelRatio: pixelRatio, styleKey: styleKey,
                                                        resources: resources, overlay: overlay, puck: puck, callout: callout)
            }
            frames.drawing(job, as: id)
            dispatchWaiting()
        }
    }

    /// The renderer's answer to a frame, or why none came.
    func frameEnded(_ job: FrameJob, entry: PendingRequests.Entry, outcome: RequestOutcome) {
        frames.ended()
        guard case .answered(let reply, _, let from) = outcome else {
            if case .failed(let why) = outcome { route(frames.abandoned(job, why, rendererPresent: router.has(role: PluginRole.renderer))) }
            return
        }
        guard case .renderResult(let result) = reply.kind else {
            let why = (reply.kind.flatMap { if case .error(let e) = $0 { e.message } else { nil } }) ?? "an unexpected reply"
            return route(frames.notDrawn(job.start, snapshot: job.snapshot, "the renderer failed the frame: \(why)", drawAgain: false, report: true))
        }
        let resources = entry.request.renderFrame.resources
        router.sent(resources.map(\.key), to: from)
        route(frames.unusable(result.unusableResources, among: resources))
        // Not drawn, so not full whatever was loaded; drawn again at the next change, not in a loop.
        guard result.error.isEmpty else {
            return route(frames.notDrawn(job.start, snapshot: job.snapshot, "the renderer could not draw the frame: \(result.error)",
                                         drawAgain: false, report: true))
        }
        let judged = onMap({ $0.frameDrawn(job.start, result.frameReport(sentWith: resources)) })
        for unused in judged.unusedImages { askWhetherToRemove(unused) }
        route(frames.drawn(job, judged, result, now: now))
    }

    /// Carries out what the frames asked for, in order.
    func route(_ outputs: [FrameMachine.Output]) {
        for output in outputs {
            switch output {
            case .publish(let payload):
                publish(payload)
            case .annotations(let drawn):
                if drawn { route(annotations.frameDrawn()) } else { annotations.frameNotDrawn() }
            case .finish(let frame, let needsRepaint, let placementChanged):
                onMap { $0.finishFrame(frame, needsRepaint: needsRepaint, placementChanged: placementChanged) }
            case .answer(let commandID, let identity, let snapshot):
                send(.snapshotReply(commandID, snapshot), to: identity)
            case .refuse(let commandID, let identity, let error):
                replyToCommand(commandID, error: error, to: identity)
            }
        }
    }

    /// A renderer asks again for bytes it was sent: sent again, a few times per frame; then the frame fails
    /// (a renderer that never keeps what it gets would make the core send forever).
    func resendMissingKeys(_ entry: PendingRequests.Entry, _ keys: [String], to identity: Data) {
        guard case .frame(let job) = entry.purpose else { return }
        if let again = router.resend(entry, keys: keys, to: identity, maxResends: configuration.maxMissingKeyResends) {
            return send(again, to: identity)
        }
        frames.ended()
        let named = keys.prefix(3).joined(separator: ", ") + (keys.count > 3 ? ", …" : "")
        let why = "the renderer still lacked \(keys.count) resource(s) after they were sent again "
            + "\(configuration.maxMissingKeyResends) time(s): \(named)"
        route(frames.notDrawn(job.start, snapshot: job.snapshot, why, drawAgain: false, report: true))
        dispatchWaiting()
    }

    // MARK: Snapshots and views of the map's frame

    /// Why the map's frame cannot be drawn for a command now; nil when it can.
    private var mapFrameRefusal: MapCommandError? {
        guard router.has(role: PluginRole.renderer) else { return MapCommandError("no renderer plugin is attached", reason: .refusedInState) }
        guard map.loadPhase != .empty else { return MapCommandError("no style is loaded", reason: .refusedInState) }
        guard map.loadPhase != .failed || map.styleRetryPending else {
            return MapCommandError("the style failed to load: \(lastStyleError ?? "unknown error")", reason: .refusedInState)
        }
        return nil
    }

    /// Queues a snapshot: the next full frame is drawn for it and the reply waits for the image.
    func takeSnapshot(_ snapshot: Mapwire_V1_Snapshot, commandID: UInt64, from identity: Data) -> MapCommandError? {
        if let refusal = mapFrameRefusal { return refusal }
        frames.queue(snapshot, commandID: commandID, from: identity)
        onMap { $0.requestRepaint() }
        return nil
    }

    /// Takes a render-view without a camera: answered by the map's frame (at once, or when drawn).
    func takeMapFrameView(_ view: Mapwire_V1_RenderView, commandID: UInt64, from identity: Data) -> MapCommandError? {
        guard !view.hasOverlay || view.overlay.annotations.isEmpty else {
            return MapCommandError("a view without a camera is the map's own frame: it draws the map's annotations, not an overlay",
                                   reason: .invalidArgument)
        }
        if let refusal = mapFrameRefusal { return refusal }
        let timeout = view.timeoutMs > 0 ? Int64(view.timeoutMs) : Int64(configuration.requestTimeoutMilliseconds)
        // (A style loading asks for no frames: its old image is no answer then.)
        let (outputs, needsFrame) = frames.takeMapFrameView(commandID: commandID, from: identity, timeoutMillis: timeout,
                                                            mapIdle: !map.wantsFrame && map.loadPhase == .loaded, now: now)
        route(outputs)
        if needsFrame { onMap { $0.requestRepaint() } }
        return nil
    }
}

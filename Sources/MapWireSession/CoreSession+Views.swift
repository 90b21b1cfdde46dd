import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The session's side of the views (ViewMachine): the map's tiles for them, and their requests to renderers.
extension CoreSession {
    /// Takes a render-view command: refused at once when it cannot be drawn, else answered when drawn.
    func takeView(_ view: Mapwire_V1_RenderView, commandID: UInt64, from identity: Data) -> MapCommandError? {
        guard view.hasCamera else { return takeMapFrameView(view, commandID: commandID, from: identity) }
        let taken = views.take(view, commandID: commandID, from: identity, mapPixelRatio: map.pixelRatio,
                               defaultTimeoutMillis: Int64(configuration.requestTimeoutMilliseconds),
                               rendererPresent: router.has(role: PluginRole.renderer), now: now)
        if case .failure(let refusal) = taken { return refusal }
        advanceViews()
        return nil
    }

    /// The earliest view deadline (waiting or drawing), for the shell's next tick.
    var earliestViewDeadline: Int64? {
        let views = views.earliestDeadline
        let mapFrames = frames.hasWaitingMapFrameViews ? frames.mapFrameViews.waiting.lazy.map(\.deadlineMillis).min() : nil
        guard let views, let mapFrames else { return views ?? mapFrames }
        return min(views, mapFrames)
    }

    /// Sends every view whose tiles are there to a renderer; fails views past their deadline or that
    /// cannot be drawn.
    func advanceViews() {
        if frames.hasWaitingMapFrameViews { route(frames.expireMapFrameViews(now: now)) }
        guard !views.jobs.isEmpty else { return }
        let outputs = views.advance(now: now, glyphsLoading: map.isLoadingGlyphs) { id, job in
            onMap({ $0.prepareView(id, camera: job.camera, size: job.size) })
        }
        route(outputs)
    }

    /// Carries out what the views asked for, in order.
    func route(_ outputs: [ViewMachine.Output]) {
        var drawing = false
        for output in outputs {
            switch output {
            case .draw(let id, let job):
                let (styleKey, resources) = onMap({ $0.viewResources(id) })
                let requestID = addRequest(role: PluginRole.renderer, purpose: .view(id), policy: configuration.viewPolicy) {
                    $0.renderFrame = Mapwire_V1_RenderFrame(id: $0.id, camera: job.cameraState, pixelRatio: job.pixelRatio,
                                                            styleKey: styleKey, resources: resources, overlay: job.overlay)
                    $0.renderFrame.returnImage = true
                }
                views.drawing(id, as: requestID)
                drawing = true
            case .fail(let id, let job, let error):
                if let requestID = job.requestID { _ = router.requests.remove(requestID) }
                onMap { $0.releaseView(id) }
                replyToCommand(job.commandID, error: error, to: job.identity)
            case .answer(let id, let job, let result):
                // What the view was drawn without (PROTOCOL.md 7.11): the server never answers it as a success.
                let failed = onMap { $0.viewFailures(id, neededGlyphs: result.glyphRanges, missingImages: !result.missingImages.isEmpty) }
                onMap { $0.releaseView(id) }
                send(.snapshotReply(job.commandID, result.viewSnapshot(failedLoads: failed.map(\.protocolValue))), to: job.identity)
            }
        }
        if drawing { dispatchWaiting() }
    }

    /// A renderer's answer to a view, or its failure (no renderer answered after every attempt).
    func viewAnswered(_ id: UInt64, entry: PendingRequests.Entry, outcome: RequestOutcome) {
        var loadingGlyphs = false
        if case .answered(let reply, _, let from) = outcome, case .renderResult(let result) = reply.kind {
            router.sent(entry.request.renderFrame.resources.map(\.key), to: from)
            if result.error.isEmpty {
                loadingGlyphs = onMap({ $0.requestGlyphRanges(result.glyphRanges) })
            }
        }
        route(views.answered(id, outcome.question, loadingGlyphs: loadingGlyphs))
    }

    /// A renderer asked again for bytes of a view: sent again a few times, then the view goes to the
    /// policy as a failed attempt (another renderer, or the view's failure).
    func resendViewKeys(_ entry: PendingRequests.Entry, _ keys: [String], to identity: Data) {
        if let again = router.resend(entry, keys: keys, to: identity, maxResends: configuration.maxMissingKeyResends) {
            return send(again, to: identity)
        }
        resolve(entry, .failed("the renderer still lacked \(keys.count) resource(s) after they were sent again"))
        dispatchWaiting()
    }
}

import Foundation
import MapEngine
import MapWireProtocol

/// Frames drawn by a renderer plugin: the session starts a frame and asks a renderer to draw it (a
/// request like any other, CoreSession+Requests.swift), and finishes the frame with the answer.
/// Without a renderer by choice (none ever registered, or the last one said goodbye), frames finish at
/// once; after a renderer failed, a frame nobody drew is partial and says why (PROTOCOL.md 7.6).
extension CoreSession {
    /// Runs a frame now: through a renderer when one is attached, else without drawing.
    func runFrame() {
        guard frameRequestID == nil else { return }
        guard registry.has(role: PluginRole.renderer) else {
            guard let lost = rendererLost else {
                // Drawn by nobody on purpose: the annotations count as drawn.
                guard let start = onMap({ $0.beginFrame() }) else { return }
                annotations.frameBegan()
                route(annotations.frameDrawn())
                return onMap({ $0.finishFrame(start) })
            }
            guard let start = onMap({ $0.beginFrame() }) else { return }
            frameNotDrawn(start, snapshot: nil, "no renderer to draw the frame: the renderer went away (plugin-gone: \(lost.documentedName))",
                          drawAgain: false, report: takeLossReport())
            return
        }
        guard let start = onMap({ $0.beginFrame() }) else { return }
        annotations.frameBegan()
        // The map changes with this frame: the last one's image no longer answers views of it.
        mapFrameViews.lastImage = nil
        let withImage = mapFrameViews.wantImage(now: now)
        var waiter: SnapshotWaiter?
        if start.full, !snapshotWaiters.isEmpty { waiter = snapshotWaiters.removeFirst() }
        let (styleKey, resources) = onMap({ $0.renderResources() })
        let overlay = annotations.overlayResource()
        let puck = location.puck(at: viewport.location)
        let callout = annotations.calloutOverlay(in: annotationScene)
        let camera = cameraState
        let pixelRatio = map.pixelRatio
        frameRequestID = addRequest(role: PluginRole.renderer, purpose: .frame(FrameJob(start: start, snapshot: waiter, returnsImage: withImage)),
                                    policy: framePolicy) {
            let id = $0.id
            $0.renderFrame = .with {
                $0.frameID = id
                $0.camera = camera
                $0.pixelRatio = pixelRatio
                $0.styleKey = styleKey
                $0.resources = resources.map(\.protocolValue)
                if let overlay { $0.resources.append(overlay) }
                if let puck { $0.puck = puck }
                if let callout { $0.callout = callout }
                if let waiter {
                    $0.outputPath = waiter.snapshot.outputPath
                    $0.returnImage = waiter.snapshot.returnImage
                }
                if withImage { $0.returnImage = true }
            }
        }
        dispatchWaiting()
    }

    /// How long a frame waits for glyphs a renderer asked for: local glyphs arrive within a millisecond
    /// or two, while a frame drawn without them is drawn again once they come (60–100 ms of the renderer's
    /// time for a city at 512²). Glyphs from a slow server do not hold frames back for longer than this.
    static let glyphWaitMillis: Int64 = 50

    /// When the next frame may start, while it waits for glyphs the renderer asked for; nil: not held.
    var frameHeldUntil: Int64? {
        guard let until = glyphWaitUntilMillis, now < until, map.isLoadingGlyphs else { return nil }
        return until
    }

    /// The renderer's answer to a frame.
    func frameAnswered(_ frame: FrameJob, entry: PendingRequests.Entry, reply: PluginAnswer, from identity: Data) {
        switch reply.kind {
        case .renderResult(let result):
            sentKeys[identity, default: []].formUnion(entry.request.renderFrame.resources.map(\.key))
            reportUnusable(result.unusableResources, among: entry.request.renderFrame.resources)
            // Not drawn, so not full whatever was loaded; drawn again at the next change, not in a loop.
            guard result.error.isEmpty else {
                return frameNotDrawn(frame.start, snapshot: frame.snapshot, "the renderer could not draw the frame: \(result.error)",
                                     drawAgain: false, report: true)
            }
            // Labels that need more glyphs: load them. A frame drawn without glyphs still loading, or
            // without an image the core holds, is not full: map-loaded, map-idle and a snapshot wait for
            // the frame drawn with them (a range that failed to load counts as settled).
            let report = RendererFrameReport(
                neededGlyphs: result.neededGlyphs.map { GlyphRangeID(fontStack: $0.fontStack, start: Int($0.rangeStart)) },
                missingImages: result.missingImages, usedImages: Set(result.usedImages),
                frameKeys: Set(entry.request.renderFrame.resources.map(\.key)), drewNothing: result.drewNothing)
            let judged = onMap({ $0.frameDrawn(frame.start, report) })
            let drawn = judged.frame
            for unused in judged.unusedImages { askWhetherToRemove(unused) }
            // The next frame would lack them and cost a renderer's whole frame time: it waits a little for them.
            if judged.loadingGlyphs { glyphWaitUntilMillis = now + Self.glyphWaitMillis }
            route(annotations.frameDrawn())
            onMap { $0.finishFrame(drawn, needsRepaint: result.needsRepaint, placementChanged: result.placementChanged) }
            if frame.returnsImage, drawn.full, !result.png.isEmpty { mapFrameDrawn(result) }
            if let waiter = frame.snapshot {
                if drawn.full { answerSnapshot(waiter, with: result) } else { snapshotWaiters.insert(waiter, at: 0) }
            }
        default:
            let why = (reply.kind.flatMap { if case .error(let e) = $0 { e.message } else { nil } }) ?? "an unexpected reply"
            frameNotDrawn(frame.start, snapshot: frame.snapshot, "the renderer failed the frame: \(why)", drawAgain: false, report: true)
        }
    }

    /// A frame no renderer drew: none answered in time (drawn again while a renderer is registered), or
    /// the last renderer went away mid-frame (drawn when a renderer says hello).
    func abandonFrame(_ frame: FrameJob, _ why: String) {
        if registry.has(role: PluginRole.renderer) {
            let late = "no renderer answered within \(configuration.renderTimeoutMilliseconds) ms"
            return frameNotDrawn(frame.start, snapshot: frame.snapshot, late, drawAgain: true, report: true)
        }
        guard let lost = rendererLost else {
            // The last renderer left by goodbye: from now on frames are drawn by nobody, on purpose.
            logger.notice("frame not drawn: \(why)")
            annotations.frameNotDrawn()
            onMap { $0.finishFrame(frame.start.undrawn, needsRepaint: true) }
            if let waiter = frame.snapshot { snapshotWaiters.insert(waiter, at: 0) }
            return
        }
        let reason = "the renderer went away mid-frame (plugin-gone: \(lost.documentedName))"
        frameNotDrawn(frame.start, snapshot: frame.snapshot, reason, drawAgain: false, report: takeLossReport())
    }

    /// Whether the loss of the renderer is still to be reported (once per loss).
    private func takeLossReport() -> Bool {
        defer { rendererLossReported = true }
        return !rendererLossReported
    }

    /// Finishes a frame nobody drew: partial whatever was loaded (so no map-loaded or map-idle claims a
    /// full render), with a map-loading-error {type: renderer} saying why when `report`.
    func frameNotDrawn(_ start: FrameStart, snapshot: SnapshotWaiter?, _ why: String, drawAgain: Bool, report: Bool) {
        logger.warning("frame not drawn: \(why)")
        if report { publish(.mapLoadingError(.with { $0.type = .renderer; $0.message = why })) }
        annotations.frameNotDrawn()
        onMap { $0.finishFrame(start.undrawn, needsRepaint: drawAgain) }
        guard let snapshot else { return }
        if drawAgain { snapshotWaiters.insert(snapshot, at: 0) } else { failSnapshot(snapshot, why) }
    }

    /// A renderer asks again for bytes it was sent: sent again, a few times per frame; then the frame fails
    /// (a renderer that never keeps what it gets would make the core send forever).
    func resendMissingKeys(_ entry: PendingRequests.Entry, _ keys: [String], to identity: Data) {
        guard case .frame(let job) = entry.purpose else { return }
        guard requests.noteResend(entry.id) > configuration.maxMissingKeyResends else {
            sentKeys[identity, default: []].subtract(keys)
            send(.with { $0.request = outgoing(entry, to: identity) }, to: identity)
            return
        }
        _ = requests.remove(entry.id)
        frameRequestID = nil
        let named = keys.prefix(3).joined(separator: ", ") + (keys.count > 3 ? ", …" : "")
        let why = "the renderer still lacked \(keys.count) resource(s) after they were sent again "
            + "\(configuration.maxMissingKeyResends) time(s): \(named)"
        frameNotDrawn(job.start, snapshot: job.snapshot, why, drawAgain: false, report: true)
        dispatchWaiting()
    }

    // MARK: Snapshots

    /// Queues a snapshot: the next full frame is drawn for it and the reply waits for the image.
    func takeSnapshot(_ snapshot: Mapwire_V1_Snapshot, commandID: UInt64, from identity: Data) -> MapCommandError? {
        guard registry.has(role: PluginRole.renderer) else { return MapCommandError("no renderer plugin is attached", reason: .refusedInState) }
        guard map.loadPhase != .empty else { return MapCommandError("no style is loaded", reason: .refusedInState) }
        guard map.loadPhase != .failed else {
            return MapCommandError("the style failed to load: \(lastStyleError ?? "unknown error")", reason: .refusedInState)
        }
        snapshotWaiters.append(SnapshotWaiter(identity: identity, commandID: commandID, snapshot: snapshot))
        onMap { $0.requestRepaint() }
        return nil
    }

    private func answerSnapshot(_ waiter: SnapshotWaiter, with result: Mapwire_V1_RenderResult) {
        send(.with {
            $0.commandReply = .with {
                $0.id = waiter.commandID
                $0.ok = true
                $0.snapshot = .with {
                    // Drawn with its image for views of the map's frame too: the PNG only when asked for.
                    if waiter.snapshot.returnImage { $0.png = result.png }
                    $0.width = result.width
                    $0.height = result.height
                    $0.outputPath = result.outputPath
                }
            }
        }, to: waiter.identity)
    }

    /// The style failed: no full frame will come for the snapshots waiting.
    func failAllSnapshots(_ why: String) {
        let waiting = snapshotWaiters
        snapshotWaiters = []
        for waiter in waiting { failSnapshot(waiter, why) }
    }

    private func failSnapshot(_ waiter: SnapshotWaiter, _ why: String) {
        replyToCommand(waiter.commandID, error: MapCommandError(why, reason: .refusedInState), to: waiter.identity)
    }
}

extension Mapwire_V1_RenderResult {
    /// The renderer stopped after placing labels, before drawing (PROTOCOL.md 6.1 step 8): labels need glyph
    /// ranges it names for the first time, and it asks for the frame again. Never full, whatever the core
    /// holds (a range that failed before stays settled: the renderer draws without it next time).
    var drewNothing: Bool { needsRepaint && width == 0 && height == 0 && !neededGlyphs.isEmpty }
}

import Foundation
import MapEngine
import MapWireProtocol

/// Frames drawn by a renderer plugin: the session starts a frame and asks a renderer to draw it (a
/// request like any other, CoreSession+Requests.swift), and finishes the frame with the answer.
/// Without a renderer, frames finish at once.
extension CoreSession {
    /// Runs a frame now: through a renderer when one is attached, else without drawing.
    func runFrame() {
        guard frameRequestID == nil else { return }
        guard registry.has(role: PluginRole.renderer) else {
            map.renderFrame()
            return
        }
        guard let start = map.beginFrame() else { return }
        var waiter: SnapshotWaiter?
        if start.full, !snapshotWaiters.isEmpty { waiter = snapshotWaiters.removeFirst() }
        let (styleKey, resources) = map.renderResources()
        let camera = cameraState
        let pixelRatio = map.pixelRatio
        frameRequestID = addRequest(role: PluginRole.renderer, purpose: .frame(FrameJob(start: start, snapshot: waiter)),
                                    policy: framePolicy) {
            let id = $0.id
            $0.renderFrame = .with {
                $0.frameID = id
                $0.camera = camera
                $0.pixelRatio = pixelRatio
                $0.styleKey = styleKey
                $0.resources = resources.map(\.protocolValue)
                if let waiter {
                    $0.outputPath = waiter.snapshot.outputPath
                    $0.returnImage = waiter.snapshot.returnImage
                }
            }
        }
        dispatchWaiting()
    }

    /// The renderer's answer to a frame.
    func frameAnswered(_ frame: FrameJob, entry: PendingRequests.Entry, reply: Mapwire_V1_PluginReply, from identity: Data) {
        switch reply.kind {
        case .renderResult(let result):
            sentKeys[identity, default: []].formUnion(entry.request.renderFrame.resources.map(\.key))
            if !result.error.isEmpty { logger.warning("the renderer could not draw a frame: \(result.error)") }
            // Labels that need more glyphs: load them, and a snapshot waits for the frame that has them.
            let loadingGlyphs = map.requestGlyphRanges(result.neededGlyphs.map {
                GlyphRangeID(fontStack: $0.fontStack, start: Int($0.rangeStart))
            })
            map.imagesMissing(result.missingImages)
            if frame.start.full, result.error.isEmpty {
                for unused in map.imagesUsed(Set(result.usedImages)) { askWhetherToRemove(unused) }
            }
            map.finishFrame(frame.start, needsRepaint: result.needsRepaint, placementChanged: result.placementChanged)
            if let waiter = frame.snapshot {
                if loadingGlyphs { snapshotWaiters.insert(waiter, at: 0) } else { answerSnapshot(waiter, with: result) }
            }
        default:
            let why = (reply.kind.flatMap { if case .error(let e) = $0 { e.message } else { nil } }) ?? "an unexpected reply"
            logger.warning("the renderer failed a frame: \(why)")
            map.finishFrame(frame.start)
            if let waiter = frame.snapshot { failSnapshot(waiter, "the renderer failed: \(why)") }
        }
    }

    /// A frame no renderer drew (none left, or none answered in time): finish it undrawn and draw again.
    func abandonFrame(_ frame: FrameJob, _ why: String) {
        logger.warning("frame abandoned: \(why)")
        map.finishFrame(frame.start, needsRepaint: true)
        if let waiter = frame.snapshot { snapshotWaiters.insert(waiter, at: 0) }
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
        map.requestRepaint()
        return nil
    }

    private func answerSnapshot(_ waiter: SnapshotWaiter, with result: Mapwire_V1_RenderResult) {
        guard result.error.isEmpty else { return failSnapshot(waiter, result.error) }
        send(.with {
            $0.commandReply = .with {
                $0.id = waiter.commandID
                $0.ok = true
                $0.snapshot = .with {
                    $0.png = result.png
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

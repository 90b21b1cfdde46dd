import Foundation
import MapEngine
import MapWireProtocol
import MapWirePluginKit
import MapWireSession

/// Frames drawn by a renderer plugin: the core starts a frame, sends the renderer what it needs,
/// and finishes the frame with the renderer's answer. Without a renderer, frames finish at once.
extension CoreServer {
    struct FrameInFlight {
        let start: FrameStart
        var request: Mapwire_V1_PluginRequest
        let plugin: Data
        let deadlineMillis: Int64
        let snapshot: SnapshotWaiter?
    }

    struct SnapshotWaiter {
        let identity: Data
        let commandID: UInt64
        let snapshot: Mapwire_V1_Snapshot
    }

    /// Runs a frame now: through a renderer when one is attached, else without drawing.
    func runFrame() {
        guard frameInFlight == nil else { return }
        guard let renderer = registry.next(for: PluginRole.renderer) else {
            map.renderFrame()
            return
        }
        guard let start = map.beginFrame() else { return }
        var waiter: SnapshotWaiter?
        if start.full, !snapshotWaiters.isEmpty { waiter = snapshotWaiters.removeFirst() }
        let (styleKey, resources) = map.renderResources()
        let alreadySent = sentKeys[renderer.identity, default: []]
        let frame = Mapwire_V1_RenderFrame.with {
            $0.frameID = takeControlID()
            $0.camera = cameraState
            $0.pixelRatio = map.pixelRatio
            $0.styleKey = styleKey
            $0.resources = resources.map { engineResource in
                let resource = engineResource.protocolValue
                guard alreadySent.contains(resource.key) else { return resource }
                var reference = resource
                reference.data = Data()
                reference.dataIncluded = false
                return reference
            }
            if let waiter {
                $0.outputPath = waiter.snapshot.outputPath
                $0.returnImage = waiter.snapshot.returnImage
            }
        }
        let request = Mapwire_V1_PluginRequest.with { $0.id = frame.frameID; $0.renderFrame = frame }
        frameInFlight = FrameInFlight(start: start, request: request, plugin: renderer.identity,
                                      deadlineMillis: monotonicMillis() + Int64(configuration.renderTimeoutMilliseconds),
                                      snapshot: waiter)
        send(.with { $0.request = request }, to: renderer.identity)
    }

    /// The renderer's answer to the frame in flight.
    func handleFrameReply(_ reply: Mapwire_V1_PluginReply, from identity: Data) {
        guard var frame = frameInFlight, reply.id == frame.request.id else { return }
        if case .renderResult(let result) = reply.kind, !result.missingKeys.isEmpty {
            // The renderer lost some resources (it restarted, or evicted them): send them again.
            let missing = Set(result.missingKeys)
            var resend = frame.request
            let (_, full) = map.renderResources()
            let bytes = Dictionary(full.map { ($0.key, $0.data) }, uniquingKeysWith: { first, _ in first })
            for index in resend.renderFrame.resources.indices where missing.contains(resend.renderFrame.resources[index].key) {
                resend.renderFrame.resources[index].data = bytes[resend.renderFrame.resources[index].key] ?? Data()
                resend.renderFrame.resources[index].dataIncluded = true
            }
            sentKeys[identity, default: []].subtract(missing)
            frame.request = resend
            frameInFlight = frame
            send(.with { $0.request = resend }, to: identity)
            return
        }
        frameInFlight = nil
        switch reply.kind {
        case .renderResult(let result):
            sentKeys[identity, default: []].formUnion(frame.request.renderFrame.resources.map(\.key))
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

    /// A frame whose renderer went away or took too long: finish it undrawn and draw again.
    func abandonFrame(_ why: String) {
        guard let frame = frameInFlight else { return }
        frameInFlight = nil
        logger.warning("frame abandoned: \(why)")
        map.finishFrame(frame.start, needsRepaint: true)
        if let waiter = frame.snapshot { snapshotWaiters.insert(waiter, at: 0) }
    }

    func checkFrameDeadline(now: Int64) {
        if let frame = frameInFlight, now >= frame.deadlineMillis {
            abandonFrame("no answer from the renderer within \(configuration.renderTimeoutMilliseconds) ms")
        }
    }

    // MARK: Snapshots

    /// Queues a snapshot: the next full frame is drawn for it and the reply waits for the image.
    func takeSnapshot(_ snapshot: Mapwire_V1_Snapshot, commandID: UInt64, from identity: Data) -> String? {
        guard registry.has(role: PluginRole.renderer) else { return "no renderer plugin is attached" }
        guard map.loadPhase != .empty else { return "no style is loaded" }
        guard map.loadPhase != .failed else { return "the style failed to load: \(lastStyleError ?? "unknown error")" }
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
        send(.with { $0.commandReply = .with { $0.id = waiter.commandID; $0.ok = false; $0.error = why } }, to: waiter.identity)
    }
}

import Foundation
import Logging
import MapEngine
import MapWireProtocol

/// A frame being drawn: how it began, and the snapshot it answers (if any).
struct FrameJob {
    let start: FrameStart
    let snapshot: SnapshotWaiter?
    /// Drawn with its image for views of the map's frame (MapFrameViews).
    var returnsImage = false
}

/// A snapshot command waiting for the next full frame.
struct SnapshotWaiter {
    let identity: Data
    let commandID: UInt64
    let snapshot: Mapwire_V1_Snapshot
}

/// The map's frames (MapLibre Native's map_impl: a frame is started, drawn, finished; partial until every
/// visible tile is there): when the next frame is due, the one being drawn by a renderer, what a frame
/// nobody drew says, the snapshots and views of the map's frame that wait for a full frame, and resources
/// a renderer could not use. Without a renderer by choice (none ever registered, or the last one said
/// goodbye) frames finish at once; after a renderer failed, a frame nobody drew is partial and says why
/// (PROTOCOL.md 7.6). The map itself decides what is full and idle; this machine tells the session what
/// to do with each frame.
struct FrameMachine {
    enum Output {
        /// Publish this event (a map-loading-error: the renderer failed, or could not use a resource).
        case publish(Mapwire_V1_Envelope.OneOf_Payload)
        /// The annotations were part of the frame drawn (true) or the frame was not drawn (false).
        case annotations(drawn: Bool)
        /// Finish the frame on the map.
        case finish(FrameStart, needsRepaint: Bool, placementChanged: Bool)
        /// Answer a command with the frame's image.
        case answer(commandID: UInt64, to: Data, Mapwire_V1_SnapshotResult)
        /// Refuse a command: no full frame will come for it.
        case refuse(commandID: UInt64, to: Data, MapCommandError)
    }

    /// How a frame that starts now is drawn.
    enum Plan {
        /// Nobody draws it, on purpose (no renderer, and none failed): it finishes at once, annotations drawn.
        case drawnByNobody
        /// Nobody can draw it since the renderer failed: partial, with the reason (once per loss).
        case notDrawn([Output])
        /// Ask a renderer to draw this job; the session says which request with `drawing(_:)`.
        case draw(FrameJob)
    }

    /// How long a frame waits for glyphs a renderer asked for: local glyphs arrive within a millisecond
    /// or two, while a frame drawn without them is drawn again once they come (60–100 ms of the renderer's
    /// time for a city at 512²). Glyphs from a slow server do not hold frames back for longer than this.
    static let glyphWaitMillis: Int64 = 50

    let intervalMillis: Int64
    let renderTimeoutMillis: Int
    let logger: Logger
    /// When the next frame is due, when one is wanted.
    private(set) var dueMillis: Int64?
    private var lastFrameMillis: Int64
    /// Until when the next frame waits for the glyphs the renderer just asked for.
    private var glyphWaitUntilMillis: Int64?
    /// The frame being drawn (frames go one at a time): its request and job.
    private(set) var requestID: UInt64?
    private var underWay: FrameJob?
    private var snapshots: [SnapshotWaiter] = []
    /// Render-views without a camera: answered by the map's own frame.
    var mapFrameViews = MapFrameViews()
    /// Why the last renderer went, when it failed (not a goodbye) and none is registered since: frames
    /// are then not drawn rather than drawn by nobody on purpose.
    private var rendererLost: Mapwire_V1_PluginGone.Reason?
    private var lossReported = false
    /// Keys of resources the renderer could not use that were reported for the current style.
    private var reportedUnusable: Set<String> = []

    init(intervalMillis: Int, renderTimeoutMillis: Int, now: Int64, logger: Logger) {
        self.intervalMillis = Int64(intervalMillis)
        self.renderTimeoutMillis = renderTimeoutMillis
        self.lastFrameMillis = now
        self.logger = logger
    }

    // MARK: When

    /// Something visible changed: a frame is due one interval after the last one (coalesced).
    mutating func frameNeeded(now: Int64) {
        guard dueMillis == nil else { return }
        dueMillis = max(now, lastFrameMillis + intervalMillis)
    }

    /// When the next frame may start, while it waits for glyphs the renderer asked for; nil: not held.
    func heldUntil(now: Int64, glyphsLoading: Bool) -> Int64? {
        guard let until = glyphWaitUntilMillis, now < until, glyphsLoading else { return nil }
        return until
    }

    /// When the session must step for the next frame, if one is wanted and none is being drawn.
    func nextDeadline(now: Int64, glyphsLoading: Bool) -> Int64? {
        guard let due = dueMillis, requestID == nil else { return nil }
        return max(due, heldUntil(now: now, glyphsLoading: glyphsLoading) ?? due)
    }

    /// Whether a frame starts now; it is then no longer due.
    mutating func takeDue(now: Int64, glyphsLoading: Bool) -> Bool {
        guard let due = dueMillis, now >= due, requestID == nil, heldUntil(now: now, glyphsLoading: glyphsLoading) == nil else { return false }
        dueMillis = nil
        lastFrameMillis = now
        return true
    }

    // MARK: A frame

    /// How a frame that began now is drawn. With a renderer, it answers the first waiting snapshot when it
    /// will be full, and returns its image while views of the map's frame want it.
    mutating func plan(_ start: FrameStart, rendererPresent: Bool, now: Int64) -> Plan {
        guard rendererPresent else {
            guard let lost = rendererLost else { return .drawnByNobody }
            return .notDrawn(notDrawn(
                start, snapshot: nil, "no renderer to draw the frame: the renderer went away (plugin-gone: \(lost.documentedName))",
                drawAgain: false, report: takeLossReport()))
        }
        // The map changes with this frame: the last one's image no longer answers views of it.
        mapFrameViews.lastImage = nil
        var waiter: SnapshotWaiter?
        if start.full, !snapshots.isEmpty { waiter = snapshots.removeFirst() }
        return .draw(FrameJob(start: start, snapshot: waiter, returnsImage: mapFrameViews.wantImage(now: now)))
    }

    /// The request the planned frame went out as.
    mutating func drawing(_ job: FrameJob, as requestID: UInt64) {
        self.requestID = requestID
        underWay = job
    }

    /// The frame's request ended (answered or not): frames may start again.
    mutating func ended() {
        requestID = nil
        underWay = nil
    }

    /// The renderer drew the frame (`drawn`: as the map judged it). Labels waiting for glyphs hold the next
    /// frame a little; a full frame answers its snapshot and the views of the map's frame.
    mutating func drawn(_ job: FrameJob, _ drawn: DrawnFrame, _ result: Mapwire_V1_RenderResult, now: Int64) -> [Output] {
        if drawn.loadingGlyphs { glyphWaitUntilMillis = now + Self.glyphWaitMillis }
        var outputs: [Output] = [.annotations(drawn: true),
                                 .finish(drawn.frame, needsRepaint: result.needsRepaint, placementChanged: result.placementChanged)]
        if job.returnsImage, drawn.frame.full, !result.png.isEmpty { outputs += mapFrameDrawn(result) }
        if let waiter = job.snapshot {
            if drawn.frame.full {
                outputs.append(.answer(commandID: waiter.commandID, to: waiter.identity, .with {
                    // Drawn with its image for views of the map's frame too: the PNG only when asked for.
                    if waiter.snapshot.returnImage { $0.png = result.png }
                    $0.width = result.width
                    $0.height = result.height
                    $0.outputPath = result.outputPath
                }))
            } else {
                snapshots.insert(waiter, at: 0)
            }
        }
        return outputs
    }

    /// No renderer answered the frame: drawn again while a renderer is registered; when the last one went
    /// away mid-frame, drawn when a renderer says hello (and said once per loss when it failed).
    mutating func abandoned(_ job: FrameJob, _ why: String, rendererPresent: Bool) -> [Output] {
        if rendererPresent {
            return notDrawn(job.start, snapshot: job.snapshot, "no renderer answered within \(renderTimeoutMillis) ms",
                            drawAgain: true, report: true)
        }
        guard let lost = rendererLost else {
            // The last renderer left by goodbye: from now on frames are drawn by nobody, on purpose.
            logger.notice("frame not drawn: \(why)")
            if let waiter = job.snapshot { snapshots.insert(waiter, at: 0) }
            return [.annotations(drawn: false), .finish(job.start.undrawn, needsRepaint: true, placementChanged: false)]
        }
        return notDrawn(job.start, snapshot: job.snapshot, "the renderer went away mid-frame (plugin-gone: \(lost.documentedName))",
                        drawAgain: false, report: takeLossReport())
    }

    /// A frame nobody drew: partial whatever was loaded (so no map-loaded or map-idle claims a full render),
    /// with a map-loading-error {type: renderer} saying why when `report`.
    mutating func notDrawn(_ start: FrameStart, snapshot: SnapshotWaiter?, _ why: String, drawAgain: Bool, report: Bool) -> [Output] {
        logger.warning("frame not drawn: \(why)")
        var outputs: [Output] = []
        if report { outputs.append(.publish(.mapLoadingError(.with { $0.type = .renderer; $0.message = why }))) }
        outputs += [.annotations(drawn: false), .finish(start.undrawn, needsRepaint: drawAgain, placementChanged: false)]
        if let snapshot {
            if drawAgain { snapshots.insert(snapshot, at: 0) }
            else { outputs.append(.refuse(commandID: snapshot.commandID, to: snapshot.identity, MapCommandError(why, reason: .refusedInState))) }
        }
        return outputs
    }

    /// Whether the loss of the renderer is still to be reported (once per loss).
    private mutating func takeLossReport() -> Bool {
        defer { lossReported = true }
        return !lossReported
    }

    // MARK: Renderers

    /// A renderer registered: true when frames were not drawn while none was there (draw one now).
    mutating func rendererRegistered() -> Bool {
        guard rendererLost != nil else { return false }
        rendererLost = nil
        return true
    }

    /// The last renderer went: by goodbye frames are then drawn by nobody on purpose; else they are not drawn.
    mutating func lastRendererGone(_ reason: Mapwire_V1_PluginGone.Reason) {
        rendererLost = reason == .goodbye ? nil : reason
        lossReported = false
    }

    /// A new style begins: its unusable resources are reported afresh.
    mutating func styleStarted() { reportedUnusable = [] }

    /// Resources a renderer could not use (RenderResult.unusable_resources, PROTOCOL.md 7.6): each becomes one
    /// map-loading-error of its resource's kind, once per key per style. The frame itself is left as it is:
    /// it was drawn without them.
    mutating func unusable(_ unusable: [Mapwire_V1_UnusableResource], among resources: [Mapwire_V1_RenderResource]) -> [Output] {
        var outputs: [Output] = []
        for item in unusable where !reportedUnusable.contains(item.key) {
            reportedUnusable.insert(item.key)
            guard let resource = resources.first(where: { $0.key == item.key }), let error = Self.loadingError(for: resource, item.message) else {
                logger.notice("the renderer could not use a resource: \(item.message)", metadata: ["key": "\(item.key)"])
                continue
            }
            logger.warning("the renderer could not use a resource: \(item.message)", metadata: ["key": "\(item.key)"])
            outputs.append(.publish(.mapLoadingError(error)))
        }
        return outputs
    }

    /// The map-loading-error a resource of this kind gives; nil for kinds that have none (the style, which
    /// parsed in the core, and style images, which a client added).
    private static func loadingError(for resource: Mapwire_V1_RenderResource, _ message: String) -> Mapwire_V1_MapLoadingError? {
        var error = Mapwire_V1_MapLoadingError.with { $0.message = message }
        switch resource.kind {
        case .tile:
            error.type = .tile
            error.sourceID = resource.sourceID
            error.tileID = resource.tileID
        case .geojson, .image:
            error.type = .source
            error.sourceID = resource.sourceID
        case .spriteJson, .spriteImage:
            error.type = .sprite
        case .glyphs:
            error.type = .glyphs
        default:
            return nil
        }
        return error
    }

    // MARK: Snapshots

    /// Queues a snapshot: the next full frame is drawn for it and the reply waits for the image. The session
    /// checks that it can be drawn and asks the map for a frame.
    mutating func queue(_ snapshot: Mapwire_V1_Snapshot, commandID: UInt64, from identity: Data) {
        snapshots.append(SnapshotWaiter(identity: identity, commandID: commandID, snapshot: snapshot))
    }

    /// The style failed: no full frame will come for the snapshots waiting.
    mutating func failSnapshots(_ why: String) -> [Output] {
        let waiting = snapshots
        snapshots = []
        return waiting.map { .refuse(commandID: $0.commandID, to: $0.identity, MapCommandError(why, reason: .refusedInState)) }
    }

    // MARK: Views of the map's frame

    /// A render-view without a camera: answered at once by the last full frame's image when nothing is
    /// coming (`mapIdle`: no frame wanted and the style loaded), else by the next full frame drawn with its
    /// image. Returns the outputs and whether a frame must be asked for (none coming with its image).
    mutating func takeMapFrameView(commandID: UInt64, from identity: Data, timeoutMillis: Int64, mapIdle: Bool,
                                   now: Int64) -> (outputs: [Output], needsFrame: Bool) {
        mapFrameViews.watchedUntilMillis = now + MapFrameViews.watchMillis
        if requestID == nil, mapIdle, let image = mapFrameViews.lastImage {
            return ([Self.answer(commandID, identity, image)], false)
        }
        mapFrameViews.waiting.append(.init(identity: identity, commandID: commandID, deadlineMillis: now + timeoutMillis))
        // The frame under way answers it when it was asked for its image; else the next one does.
        return ([], requestID == nil || underWay?.returnsImage != true)
    }

    /// Views of the map's frame past their deadline fail.
    /// Whether views wait for the map's frame (every step looks: asked first, so the machine is not copied).
    var hasWaitingMapFrameViews: Bool { !mapFrameViews.waiting.isEmpty }

    mutating func expireMapFrameViews(now: Int64) -> [Output] {
        guard mapFrameViews.waiting.contains(where: { $0.deadlineMillis <= now }) else { return [] }
        let late = mapFrameViews.waiting.filter { $0.deadlineMillis <= now }
        mapFrameViews.waiting.removeAll { $0.deadlineMillis <= now }
        return late.map { .refuse(commandID: $0.commandID, to: $0.identity, MapCommandError("no full frame of the map was drawn in time", reason: .busy)) }
    }

    /// A full frame of the map was drawn with its image: the views waiting for it get it.
    private mutating func mapFrameDrawn(_ result: Mapwire_V1_RenderResult) -> [Output] {
        mapFrameViews.lastImage = result
        let waiting = mapFrameViews.waiting
        mapFrameViews.waiting = []
        return waiting.map { Self.answer($0.commandID, $0.identity, result) }
    }

    private static func answer(_ commandID: UInt64, _ identity: Data, _ result: Mapwire_V1_RenderResult) -> Output {
        .answer(commandID: commandID, to: identity, .with {
            $0.png = result.png
            $0.width = result.width
            $0.height = result.height
        })
    }
}

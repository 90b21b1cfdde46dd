import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Views (render-view, PROTOCOL.md 7.11): a server's tile or static image drawn at its own camera and
/// size, without moving the map's camera. A view waits for its tiles, then goes to a renderer as a
/// request like any other (CoreSession+Requests.swift): any renderer with room draws it, and one that
/// dies or does not answer in time has it drawn by another. Many views draw at once, one per renderer
/// slot, beside the map's own frames.
struct ViewJob {
    let identity: Data
    let commandID: UInt64
    let camera: Camera
    let size: ViewportSize
    let pixelRatio: Double
    /// After this (monotonic ms) the view fails: its tiles did not load, or no renderer drew it.
    let deadlineMillis: Int64
    /// How many times a renderer drew it (again when labels needed glyphs that were still loading).
    var draws = 0
    /// The renderer request under way, nil while the view waits for tiles or glyphs.
    var requestID: UInt64?
    /// The view's own annotations (RenderView.overlay), as a resource only this view draws.
    var overlay: Mapwire_V1_RenderResource?
}

extension RequestPurpose {
    /// Whether the request is a RenderFrame (the map's frame or a view): its resources' bytes travel once.
    var drawsFrame: Bool {
        switch self {
        case .frame, .view: true
        default: false
        }
    }
}

extension CoreSession {
    /// The largest view side (logical px) and pixel ratio the core draws.
    static let maxViewSide = 8192
    static let maxViewPixelRatio = 4.0
    /// How many times a view is drawn again for glyphs its labels needed.
    static let maxViewRedraws = 2
    /// The most a view's own overlay holds.
    static let maxViewOverlayAnnotations = 256
    static let maxViewOverlayCoordinates = 65_536

    /// Renderer attempts per view: a renderer that dies or hangs hands it to the next.
    var viewPolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(configuration.renderTimeoutMilliseconds), attempts: 3, waitsForPlugin: true)
    }

    /// Takes a render-view command: refused at once when it cannot be drawn, else answered when drawn.
    func takeView(_ view: Mapwire_V1_RenderView, commandID: UInt64, from identity: Data) -> MapCommandError? {
        guard view.hasCamera else { return takeMapFrameView(view, commandID: commandID, from: identity) }
        let c = view.camera
        guard c.width >= 1, c.height >= 1, c.width <= Self.maxViewSide, c.height <= Self.maxViewSide else {
            return MapCommandError("a view is 1 to \(Self.maxViewSide) px wide and high (got \(c.width)×\(c.height))", reason: .invalidArgument)
        }
        guard c.zoom.isFinite, c.zoom >= 0, c.zoom <= 24 else {
            return MapCommandError("a view's zoom is 0 to 24 (got \(c.zoom))", reason: .invalidArgument)
        }
        guard c.center.latitude.isFinite, abs(c.center.latitude) <= 90, c.center.longitude.isFinite,
              c.bearing.isFinite, c.pitch.isFinite, c.pitch >= 0, c.pitch <= 85 else {
            return MapCommandError("a view's centre, bearing or pitch is out of range", reason: .invalidArgument)
        }
        guard view.pixelRatio == 0 || (view.pixelRatio >= 0.25 && view.pixelRatio <= Self.maxViewPixelRatio) else {
            return MapCommandError("a view's pixel ratio is 0.25 to \(Self.maxViewPixelRatio) (got \(view.pixelRatio))", reason: .invalidArgument)
        }
        let overlay: Mapwire_V1_RenderResource?
        do { overlay = try viewOverlay(view) } catch { return error }
        guard registry.has(role: PluginRole.renderer) else { return MapCommandError("no renderer plugin is attached", reason: .refusedInState) }
        let camera = Camera(center: LngLat(longitude: c.center.longitude, latitude: min(85.05, max(-85.05, c.center.latitude))),
                            zoom: c.zoom, bearing: c.bearing, pitch: c.pitch)
        let timeout = view.timeoutMs > 0 ? Int64(view.timeoutMs) : Int64(configuration.requestTimeoutMilliseconds)
        let id = nextViewID
        nextViewID += 1
        viewJobs[id] = ViewJob(identity: identity, commandID: commandID, camera: camera,
                               size: ViewportSize(width: Int(c.width), height: Int(c.height)),
                               pixelRatio: view.pixelRatio > 0 ? view.pixelRatio : map.pixelRatio,
                               deadlineMillis: now + timeout, overlay: overlay)
        advanceViews()
        return nil
    }

    /// The earliest view deadline (waiting or drawing), for the shell's next tick.
    var earliestViewDeadline: Int64? {
        // Two minimums, not the minimum of the two joined: `+` would build an array at every turn of the loop.
        let views = viewJobs.values.lazy.map(\.deadlineMillis).min()
        let frames = mapFrameViews.waiting.lazy.map(\.deadlineMillis).min()
        guard let views, let frames else { return views ?? frames }
        return min(views, frames)
    }

    /// Sends every view whose tiles (and glyphs, when drawn again) are there to a renderer; fails views
    /// past their deadline or that cannot be drawn.
    func advanceViews() {
        expireMapFrameViews()
        guard !viewJobs.isEmpty else { return }
        var dispatched = false
        for id in viewJobs.keys.sorted() {
            guard var job = viewJobs[id] else { continue }
            if now >= job.deadlineMillis {
                let why = job.requestID == nil ? "the view's tiles did not load in time" : "no renderer drew the view in time"
                failView(id, why, reason: .busy)
                continue
            }
            guard job.requestID == nil else { continue }
            switch onMap({ $0.prepareView(id, camera: job.camera, size: job.size) }) {
            case .impossible(let why):
                failView(id, why, reason: .refusedInState)
                continue
            case .loading:
                continue
            case .ready:
                if job.draws > 0, map.isLoadingGlyphs { continue }
            }
            let (styleKey, resources) = onMap({ $0.viewResources(id) })
            let overlay = job.overlay
            let state = viewCameraState(job)
            let pixelRatio = job.pixelRatio
            job.requestID = addRequest(role: PluginRole.renderer, purpose: .view(id), policy: viewPolicy) {
                let requestID = $0.id
                $0.renderFrame = .with {
                    $0.frameID = requestID
                    $0.camera = state
                    $0.pixelRatio = pixelRatio
                    $0.styleKey = styleKey
                    $0.resources = resources.map(\.protocolValue)
                    if let overlay { $0.resources.append(overlay) }
                    $0.returnImage = true
                }
            }
            job.draws += 1
            viewJobs[id] = job
            dispatched = true
        }
        if dispatched { dispatchWaiting() }
    }

    /// A renderer's answer to a view, or its failure (no renderer answered after every attempt).
    func viewAnswered(_ id: UInt64, entry: PendingRequests.Entry, outcome: RequestOutcome) {
        guard var job = viewJobs[id] else { return }
        job.requestID = nil
        viewJobs[id] = job
        switch outcome {
        case .failed(let why):
            failView(id, "no renderer drew the view: \(why)", reason: .busy)
        case .answered(let reply, _, let from):
            guard case .renderResult(let result) = reply.kind else {
                let why = (reply.kind.flatMap { if case .error(let e) = $0 { e.message } else { nil } }) ?? "an unexpected reply"
                return failView(id, "the renderer failed the view: \(why)", reason: .refusedInState)
            }
            sentKeys[from, default: []].formUnion(entry.request.renderFrame.resources.map(\.key))
            guard result.error.isEmpty else { return failView(id, "the renderer could not draw the view: \(result.error)", reason: .refusedInState) }
            let needed = result.neededGlyphs.map { GlyphRangeID(fontStack: $0.fontStack, start: Int($0.rangeStart)) }
            let loadingGlyphs = onMap({ $0.requestGlyphRanges(needed) })
            // Labels that lacked glyphs: drawn again once they are there (advanceViews).
            if loadingGlyphs || result.drewNothing, job.draws <= Self.maxViewRedraws { return }
            viewJobs[id] = nil
            onMap { $0.releaseView(id) }
            send(.with {
                $0.commandReply = .with {
                    $0.id = job.commandID
                    $0.ok = true
                    $0.snapshot = .with {
                        $0.png = result.png
                        $0.width = result.width
                        $0.height = result.height
                    }
                }
            }, to: job.identity)
        }
    }

    /// A renderer asked again for bytes of a view: sent again a few times, then the view goes to the
    /// policy as a failed attempt (another renderer, or the view's failure).
    func resendViewKeys(_ entry: PendingRequests.Entry, _ keys: [String], to identity: Data) {
        sentKeys[identity, default: []].subtract(keys)
        guard requests.noteResend(entry.id) > configuration.maxMissingKeyResends else {
            send(.with { $0.request = outgoing(entry, to: identity) }, to: identity)
            return
        }
        guard let removed = requests.remove(entry.id) else { return }
        resolve(removed, .failed("the renderer still lacked \(keys.count) resource(s) after they were sent again"))
        dispatchWaiting()
    }

    /// A view's own annotations as a resource keyed by its content (equal overlays share their bytes at
    /// a renderer); nil when it has none.
    private func viewOverlay(_ view: Mapwire_V1_RenderView) throws(MapCommandError) -> Mapwire_V1_RenderResource? {
        guard view.hasOverlay, !view.overlay.annotations.isEmpty else { return nil }
        let drawn = view.overlay.annotations
        guard drawn.count <= Self.maxViewOverlayAnnotations else {
            throw MapCommandError("a view's overlay holds at most \(Self.maxViewOverlayAnnotations) annotations (got \(drawn.count))")
        }
        var coordinates: [Mapwire_V1_LngLat] = []
        for item in drawn {
            switch item.annotation.shape {
            case .point(let p): coordinates.append(p.coordinate)
            case .polyline(let l):
                guard l.coordinates.count >= 2 else { throw MapCommandError("a view's polyline needs at least 2 coordinates") }
                coordinates += l.coordinates
            case .polygon(let p):
                guard p.outer.count >= 3 else { throw MapCommandError("a view's polygon needs at least 3 coordinates") }
                coordinates += p.outer + p.holes.flatMap(\.coordinates)
            case nil: throw MapCommandError("a view's overlay annotation has no shape")
            }
            guard coordinates.count <= Self.maxViewOverlayCoordinates else {
                throw MapCommandError("a view's overlay holds at most \(Self.maxViewOverlayCoordinates) coordinates")
            }
        }
        guard coordinates.allSatisfy({ $0.longitude.isFinite && $0.latitude.isFinite && abs($0.latitude) <= 90 && abs($0.longitude) <= 360 }) else {
            throw MapCommandError("a view's overlay has a coordinate off the map")
        }
        let data: Data = (try? view.overlay.serializedBytes()) ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return .with {
            $0.key = "view-overlay-\(String(hash, radix: 16))-\(data.count)"
            $0.kind = .annotations
            $0.data = data
            $0.dataIncluded = true
        }
    }

    private func failView(_ id: UInt64, _ why: String, reason: MapCommandError.Reason) {
        guard let job = viewJobs.removeValue(forKey: id) else { return }
        if let requestID = job.requestID { _ = requests.remove(requestID) }
        onMap { $0.releaseView(id) }
        replyToCommand(job.commandID, error: MapCommandError(why, reason: reason), to: job.identity)
    }

    private func viewCameraState(_ job: ViewJob) -> Mapwire_V1_CameraState {
        .with {
            $0.center = .with { $0.longitude = job.camera.center.longitude; $0.latitude = job.camera.center.latitude }
            $0.zoom = job.camera.zoom
            $0.bearing = job.camera.bearing
            $0.pitch = job.camera.pitch
            $0.width = UInt32(job.size.width)
            $0.height = UInt32(job.size.height)
        }
    }
}

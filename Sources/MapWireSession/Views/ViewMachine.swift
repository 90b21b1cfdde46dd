import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Views (render-view with a camera, PROTOCOL.md 7.11): a server's tile or static image drawn at its own
/// camera and size, without moving the map's camera. A view waits for its tiles, then goes to a renderer
/// as a request like any other: any renderer with room draws it, and one that dies or does not answer in
/// time has it drawn by another. Many views draw at once, one per renderer slot, beside the map's frames.
/// The machine keeps the views and decides; the session asks the map and the renderers for them.
struct ViewMachine {
    struct Job {
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
        let overlay: Mapwire_V1_RenderResource?

        var cameraState: Mapwire_V1_CameraState { Mapwire_V1_CameraState(camera, size: size) }
    }

    enum Output {
        /// Ask a renderer to draw the view; the session says which request that is with `drawing(_:as:)`.
        case draw(id: UInt64, Job)
        /// The view failed: drop its request (if any), release its tiles and refuse its command.
        case fail(id: UInt64, Job, MapCommandError)
        /// The view was drawn: release its tiles and answer its command with the image.
        case answer(id: UInt64, Job, Mapwire_V1_RenderResult)
    }

    /// The largest view side (logical px) and pixel ratio the core draws.
    static let maxSide = 8192
    static let maxPixelRatio = 4.0
    /// How many times a view is drawn again for glyphs its labels needed.
    static let maxRedraws = 2
    /// The most a view's own overlay holds.
    static let maxOverlayAnnotations = 256
    static let maxOverlayCoordinates = 65_536

    private(set) var jobs: [UInt64: Job] = [:]
    private var nextID: UInt64 = 1

    /// Takes a render-view command with a camera: its id, or why it cannot be drawn.
    mutating func take(_ view: Mapwire_V1_RenderView, commandID: UInt64, from identity: Data, mapPixelRatio: Double,
                       defaultTimeoutMillis: Int64, rendererPresent: Bool, now: Int64) -> Result<UInt64, MapCommandError> {
        let c = view.camera
        guard c.width >= 1, c.height >= 1, c.width <= Self.maxSide, c.height <= Self.maxSide else {
            return .failure(MapCommandError("a view is 1 to \(Self.maxSide) px wide and high (got \(c.width)×\(c.height))", reason: .invalidArgument))
        }
        guard c.zoom.isFinite, c.zoom >= 0, c.zoom <= 24 else {
            return .failure(MapCommandError("a view's zoom is 0 to 24 (got \(c.zoom))", reason: .invalidArgument))
        }
        guard c.center.latitude.isFinite, abs(c.center.latitude) <= 90, c.center.longitude.isFinite,
              c.bearing.isFinite, c.pitch.isFinite, c.pitch >= 0, c.pitch <= 85 else {
            return .failure(MapCommandError("a view's centre, bearing or pitch is out of range", reason: .invalidArgument))
        }
        guard view.pixelRatio == 0 || (view.pixelRatio >= 0.25 && view.pixelRatio <= Self.maxPixelRatio) else {
            return .failure(MapCommandError("a view's pixel ratio is 0.25 to \(Self.maxPixelRatio) (got \(view.pixelRatio))", reason: .invalidArgument))
        }
        let overlay: Mapwire_V1_RenderResource?
        do { overlay = try Self.overlay(of: view) } catch { return .failure(error) }
        guard rendererPresent else { return .failure(MapCommandError("no renderer plugin is attached", reason: .refusedInState)) }
        let camera = Camera(center: LngLat(longitude: c.center.longitude, latitude: min(85.05, max(-85.05, c.center.latitude))),
                            zoom: c.zoom, bearing: c.bearing, pitch: c.pitch)
        let timeout = view.timeoutMs > 0 ? Int64(view.timeoutMs) : defaultTimeoutMillis
        let id = nextID
        nextID += 1
        jobs[id] = Job(identity: identity, commandID: commandID, camera: camera, size: ViewportSize(width: Int(c.width), height: Int(c.height)),
                       pixelRatio: view.pixelRatio > 0 ? view.pixelRatio : mapPixelRatio, deadlineMillis: now + timeout, overlay: overlay)
        return .success(id)
    }

    /// The earliest view deadline (waiting or drawing), for the shell's next tick.
    var earliestDeadline: Int64? { jobs.values.lazy.map(\.deadlineMillis).min() }

    /// Views past their deadline fail; those not drawing whose tiles (and glyphs, when drawn again) are
    /// there go to a renderer. `prepare` asks the map for a view's tiles; `glyphsLoading`: whether glyph
    /// ranges are still on their way.
    mutating func advance(now: Int64, glyphsLoading: Bool, prepare: (UInt64, Job) -> Map.ViewReadiness) -> [Output] {
        var outputs: [Output] = []
        for id in jobs.keys.sorted() {
            guard let job = jobs[id] else { continue }
            if now >= job.deadlineMillis {
                let why = job.requestID == nil ? "the view's tiles did not load in time" : "no renderer drew the view in time"
                outputs.append(fail(id, MapCommandError(why, reason: .busy)))
                continue
            }
            guard job.requestID == nil else { continue }
            switch prepare(id, job) {
            case .impossible(let why):
                outputs.append(fail(id, MapCommandError(why, reason: .refusedInState)))
                continue
            case .loading:
                continue
            case .ready:
                if job.draws > 0, glyphsLoading { continue }
            }
            outputs.append(.draw(id: id, job))
        }
        return outputs
    }

    /// The request a `.draw` went out as.
    mutating func drawing(_ id: UInt64, as requestID: UInt64) {
        jobs[id]?.requestID = requestID
        jobs[id]?.draws += 1
    }

    /// A renderer's answer to a view, or why none came after every attempt. `loadingGlyphs`: the glyph
    /// ranges its labels needed are now loading (the view is drawn again once they are there, a few
    /// times at most).
    mutating func answered(_ id: UInt64, _ outcome: QuestionOutcome, loadingGlyphs: Bool) -> [Output] {
        guard var job = jobs[id] else { return [] }
        job.requestID = nil
        jobs[id] = job
        switch outcome {
        case .unanswered(let why):
            return [fail(id, MapCommandError("no renderer drew the view: \(why)", reason: .busy))]
        case .answered(.renderResult(let result)?):
            guard result.error.isEmpty else {
                return [fail(id, MapCommandError("the renderer could not draw the view: \(result.error)", reason: .refusedInState))]
            }
            if loadingGlyphs || result.drewNothing, job.draws <= Self.maxRedraws { return [] }
            jobs[id] = nil
            return [.answer(id: id, job, result)]
        case .answered(let kind):
            let why = (kind.flatMap { if case .error(let e) = $0 { e.message } else { nil } }) ?? "an unexpected reply"
            return [fail(id, MapCommandError("the renderer failed the view: \(why)", reason: .refusedInState))]
        }
    }

    private mutating func fail(_ id: UInt64, _ error: MapCommandError) -> Output {
        let job = jobs.removeValue(forKey: id)!
        return .fail(id: id, job, error)
    }

    /// A view's own annotations as a resource keyed by its content (equal overlays share their bytes at
    /// a renderer); nil when it has none.
    static func overlay(of view: Mapwire_V1_RenderView) throws(MapCommandError) -> Mapwire_V1_RenderResource? {
        guard view.hasOverlay, !view.overlay.annotations.isEmpty else { return nil }
        let drawn = view.overlay.annotations
        guard drawn.count <= maxOverlayAnnotations else {
            throw MapCommandError("a view's overlay holds at most \(maxOverlayAnnotations) annotations (got \(drawn.count))")
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
            guard coordinates.count <= maxOverlayCoordinates else {
                throw MapCommandError("a view's overlay holds at most \(maxOverlayCoordinates) coordinates")
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
}

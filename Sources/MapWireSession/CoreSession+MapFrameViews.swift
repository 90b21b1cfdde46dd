import Foundation
import MapEngine
import MapWireProtocol

/// Render-view without a camera (PROTOCOL.md 7.11): the map's own frame, as `mapwire serve`'s live view
/// shows it. It is not drawn a second time beside the map's frame: the map's next full frame is drawn
/// with its image and answers every such view; when nothing has changed since the last full frame drawn
/// with its image, that image answers at once; a frame is asked for only when none is coming.
struct MapFrameViews {
    struct Waiter {
        let identity: Data
        let commandID: UInt64
        let deadlineMillis: Int64
    }

    var waiting: [Waiter] = []
    /// The last full frame drawn with its image, until the next frame begins (the map changed).
    var lastImage: Mapwire_V1_RenderResult?
    /// While such views keep coming, every frame of the map is drawn with its image.
    var watchedUntilMillis: Int64 = 0
    static let watchMillis: Int64 = 5000

    func wantImage(now: Int64) -> Bool { !waiting.isEmpty || now < watchedUntilMillis }
}

extension CoreSession {
    /// Takes a render-view without a camera: answered by the map's frame (at once, or when drawn).
    func takeMapFrameView(_ view: Mapwire_V1_RenderView, commandID: UInt64, from identity: Data) -> MapCommandError? {
        guard !view.hasOverlay || view.overlay.annotations.isEmpty else {
            return MapCommandError("a view without a camera is the map's own frame: it draws the map's annotations, not an overlay",
                                   reason: .invalidArgument)
        }
        guard registry.has(role: PluginRole.renderer) else { return MapCommandError("no renderer plugin is attached", reason: .refusedInState) }
        guard map.loadPhase != .empty else { return MapCommandError("no style is loaded", reason: .refusedInState) }
        guard map.loadPhase != .failed else {
            return MapCommandError("the style failed to load: \(lastStyleError ?? "unknown error")", reason: .refusedInState)
        }
        mapFrameViews.watchedUntilMillis = now + MapFrameViews.watchMillis
        // (A style loading asks for no frames: its old image is no answer then.)
        let idle = frameRequestID == nil && !map.wantsFrame && map.loadPhase == .loaded
        if idle, let image = mapFrameViews.lastImage {
            answerMapFrameView(commandID, to: identity, with: image)
            return nil
        }
        let timeout = view.timeoutMs > 0 ? Int64(view.timeoutMs) : Int64(configuration.requestTimeoutMilliseconds)
        mapFrameViews.waiting.append(.init(identity: identity, commandID: commandID, deadlineMillis: now + timeout))
        // The frame under way answers it when it was asked for its image; else the next one (asked for here
        // when none is wanted yet) does.
        if frameRequestID == nil || !frameUnderWayReturnsImage { onMap { $0.requestRepaint() } }
        return nil
    }

    /// A frame of the map was drawn (full, with its image when asked): the views waiting for it get it.
    func mapFrameDrawn(_ result: Mapwire_V1_RenderResult) {
        mapFrameViews.lastImage = result
        let waiting = mapFrameViews.waiting
        mapFrameViews.waiting = []
        for waiter in waiting { answerMapFrameView(waiter.commandID, to: waiter.identity, with: result) }
    }

    /// Views of the map's frame past their deadline fail.
    func expireMapFrameViews() {
        guard mapFrameViews.waiting.contains(where: { $0.deadlineMillis <= now }) else { return }
        let late = mapFrameViews.waiting.filter { $0.deadlineMillis <= now }
        mapFrameViews.waiting.removeAll { $0.deadlineMillis <= now }
        for waiter in late {
            replyToCommand(waiter.commandID, error: MapCommandError("no full frame of the map was drawn in time", reason: .busy), to: waiter.identity)
        }
    }

    private var frameUnderWayReturnsImage: Bool {
        guard let id = frameRequestID, case .frame(let job)? = requests.entry(id)?.purpose else { return false }
        return job.returnsImage
    }

    private func answerMapFrameView(_ commandID: UInt64, to identity: Data, with result: Mapwire_V1_RenderResult) {
        send(.with {
            $0.commandReply = .with {
                $0.id = commandID
                $0.ok = true
                $0.snapshot = .with {
                    $0.png = result.png
                    $0.width = result.width
                    $0.height = result.height
                }
            }
        }, to: identity)
    }
}

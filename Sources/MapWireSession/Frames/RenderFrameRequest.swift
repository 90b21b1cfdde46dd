import Foundation
import MapEngine
import MapWireProtocol

extension Mapwire_V1_RenderFrame {
    /// A frame for a renderer (the map's, or a view's): its camera, the style's key, the resources it draws
    /// (each one's bytes travel once per renderer, PROTOCOL.md 6.1) and an overlay drawn only in it.
    init(id: UInt64, camera: Mapwire_V1_CameraState, pixelRatio: Double, styleKey: String, resources: [RenderResource],
         overlay: Mapwire_V1_RenderResource?) {
        self = .with {
            $0.frameID = id
            $0.camera = camera
            $0.pixelRatio = pixelRatio
            $0.styleKey = styleKey
            $0.resources = resources.map(\.protocolValue)
            if let overlay { $0.resources.append(overlay) }
        }
    }
}

extension Mapwire_V1_RenderFrame {
    /// The map's own frame: with the puck and the callout, and what a snapshot waiting for it asks.
    init(id: UInt64, _ job: FrameJob, camera: Mapwire_V1_CameraState, pixelRatio: Double, styleKey: String,
         resources: [RenderResource], overlay: Mapwire_V1_RenderResource?, puck: Mapwire_V1_UserLocationPuck?,
         callout: Mapwire_V1_CalloutOverlay?) {
        self.init(id: id, camera: camera, pixelRatio: pixelRatio, styleKey: styleKey, resources: resources, overlay: overlay)
        if let puck { self.puck = puck }
        if let callout { self.callout = callout }
        if let waiter = job.snapshot {
            outputPath = waiter.snapshot.outputPath
            returnImage = waiter.snapshot.returnImage
        }
        if job.returnsImage { returnImage = true }
    }
}

extension RequestPurpose {
    /// Whether the request carries a RenderFrame (the map's frame, a view, a query about the frame): its
    /// resources' bytes travel once.
    var drawsFrame: Bool {
        switch self {
        case .frame, .view, .query: true
        default: false
        }
    }
}

extension Mapwire_V1_RenderResult {
    /// The renderer stopped after placing labels, before drawing (PROTOCOL.md 6.1 step 8): labels need glyph
    /// ranges it names for the first time, and it asks for the frame again. Never full, whatever the core
    /// holds (a range that failed before stays settled: the renderer draws without it next time).
    var drewNothing: Bool { needsRepaint && width == 0 && height == 0 && !neededGlyphs.isEmpty }

    /// Glyph ranges its labels needed, as the map asks for them.
    var glyphRanges: [GlyphRangeID] { neededGlyphs.map { GlyphRangeID(fontStack: $0.fontStack, start: Int($0.rangeStart)) } }

    /// What the map judges a drawn frame by, for a frame sent with `resources`.
    func frameReport(sentWith resources: [Mapwire_V1_RenderResource]) -> RendererFrameReport {
        RendererFrameReport(neededGlyphs: glyphRanges, missingImages: missingImages, usedImages: Set(usedImages),
                            frameKeys: Set(resources.map(\.key)), drewNothing: drewNothing)
    }

    /// A view's image as its command's reply carries it, with what it was drawn without (PROTOCOL.md 7.11).
    func viewSnapshot(failedLoads: [Mapwire_V1_FailedLoad]) -> Mapwire_V1_SnapshotResult {
        .with {
            $0.png = png
            $0.width = width
            $0.height = height
            $0.failedLoads = failedLoads
        }
    }
}

extension Mapwire_V1_PluginRequest {
    /// The resources of the frame the request carries (a RenderFrame's, or a query's frame), empty for
    /// other kinds; setting them changes that frame.
    var frameResources: [Mapwire_V1_RenderResource] {
        get {
            switch kind {
            case .renderFrame(let frame): frame.resources
            case .queryFeatures(let query): query.frame.resources
            default: []
            }
        }
        set {
            switch kind {
            case .renderFrame: renderFrame.resources = newValue
            case .queryFeatures: queryFeatures.frame.resources = newValue
            default: break
            }
        }
    }
}

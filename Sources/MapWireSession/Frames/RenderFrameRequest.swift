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

extension RequestPurpose {
    /// Whether the request is a RenderFrame (the map's frame or a view): its resources' bytes travel once.
    var drawsFrame: Bool {
        switch self {
        case .frame, .view: true
        default: false
        }
    }
}

extension Mapwire_V1_RenderResult {
    /// The renderer stopped after placing labels, before drawing (PROTOCOL.md 6.1 step 8): labels need glyph
    /// ranges it names for the first time, and it asks for the frame again. Never full, whatever the core
    /// holds (a range that failed before stays settled: the renderer draws without it next time).
    var drewNothing: Bool { needsRepaint && width == 0 && height == 0 && !neededGlyphs.isEmpty }
}

import Foundation
import Logging
import MapWireLabels
import MapWirePluginKit
import MapWireProtocol
import MapWireRenderer

/// The renderer plugin: registers with role "renderer" and draws the frames the core asks for.
/// Not Sendable: it lives on the plugin's loop thread with its cache and renderer.
public final class RendererPlugin {
    public static let description = PluginDescription(name: "mapwire-renderer", roles: [PluginRole.renderer], capabilities: ["png", "cairo"])

    let logger: Logger
    let cache: ResourceCache
    let renderer = MapRenderer()
    let atlases = AtlasCache()
    /// The style problems already logged, so each is told once.
    private var reportedProblems: Set<String> = []
    /// Keys already reported unusable, so each is told to the core once.
    private var reportedUnusable: Set<String> = []
    /// Found unusable but not told yet: an answer with `missing_keys` carries nothing else.
    private var pendingUnusable: [ResourceCache.Unusable] = []
    /// The glyph ranges already named to the core in `needed_glyphs` for the style of `askedStyleKey`.
    private var askedGlyphs: Set<GlyphRangeKey> = []
    private var askedStyleKey = ""

    public init(logger: Logger) {
        self.logger = logger
        cache = ResourceCache(logger: logger)
    }

    public func answer(_ request: Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply? {
        switch request.kind {
        case .renderFrame(let frame):
            return .with { $0.id = request.id; $0.renderResult = render(frame) }
        case .queryFeatures(let query):
            return .with { $0.id = request.id; $0.queryFeaturesResult = answer(query) }
        case .cancel:
            return nil
        case .loadResource, .shouldRemoveStyleImage, .mayChangeCamera, .handleGesture, .describeAnnotations,
             .describeUserLocation, nil:
            // Requests for other roles (loader, style images, camera-veto, gestures) or newer than this build.
            return RequestRefusal.answer(request, plugin: PluginRole.renderer, onlyDoes: "renders frames and answers queries about them")
        }
    }

    func render(_ frame: Mapwire_V1_RenderFrame) -> Mapwire_V1_RenderResult {
        var result = Mapwire_V1_RenderResult.with { $0.frameID = frame.frameID }
        let (missing, unusable) = cache.ingest(frame.resources)
        notice(unusable)
        guard missing.isEmpty else {
            result.missingKeys = missing
            return result
        }
        report(pendingUnusable, in: &result)
        pendingUnusable = []
        do {
            let (scene, problems) = try SceneBuilder.scene(for: frame, cache: cache, atlases: atlases)
            report(problems, in: &result)
            if frame.styleKey != askedStyleKey {
                askedStyleKey = frame.styleKey
                askedGlyphs = []
            }
            // Labels that need a range nobody asked for yet: the core loads it (at once, from a local
            // loader) and the frame would be drawn again with it, so this one stops before drawing.
            // Never for a range the core asked for itself (0–255) or one asked for before: it may have
            // failed (settled), and the frame must be drawn without it.
            let asked = askedGlyphs
            let drawn = try renderer.render(scene) { $0.rangeStart != 0 && !asked.contains($0) }
            askedGlyphs.formUnion(drawn.neededGlyphRanges)
            for problem in drawn.styleProblems where reportedProblems.insert(problem).inserted {
                logger.warning("style: \(problem)")
            }
            result.placementChanged = drawn.placementChanged
            result.missingImages = drawn.missingImages
            result.usedImages = drawn.usedImages
            result.neededGlyphs = drawn.neededGlyphRanges.map { key in
                .with { $0.fontStack = key.fontStack; $0.rangeStart = key.rangeStart }
            }
            result.renderMilliseconds = drawn.renderMilliseconds
            guard drawn.drawn else {
                // Nothing drawn (width and height 0, no image): asks for the frame drawn with the glyphs.
                result.needsRepaint = true
                return result
            }
            result.width = UInt32(drawn.canvas.width)
            result.height = UInt32(drawn.canvas.height)
            if !frame.outputPath.isEmpty || frame.returnImage {
                let png = try drawn.canvas.pngData()
                if frame.returnImage { result.png = png }
                if !frame.outputPath.isEmpty {
                    try png.write(to: URL(fileURLWithPath: frame.outputPath))
                    result.outputPath = frame.outputPath
                }
            }
        } catch {
            logger.warning("frame not drawn: \(error)")
            result.error = "\(error)"
        }
        return result
    }

    /// Resources found unusable, told to the core with the next frame drawn.
    func notice(_ unusable: [ResourceCache.Unusable]) { pendingUnusable += unusable }

    /// Adds resources not yet reported to the answer (and the log): the core turns each into a
    /// map-loading-error naming it.
    private func report(_ unusable: [ResourceCache.Unusable], in result: inout Mapwire_V1_RenderResult) {
        for item in unusable where reportedUnusable.insert(item.key).inserted {
            logger.warning("unusable resource: \(item.message)", metadata: ["key": "\(item.key)"])
            result.unusableResources.append(.with { $0.key = item.key; $0.message = item.message })
        }
    }
}

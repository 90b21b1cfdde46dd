/// Frames: started → finished (partial until every visible tile is in), then map-loaded and map-idle.
extension Map {
    /// The style is loaded and every visible tile, needed glyph range and a sprite set at run time has finished.
    public var isFullyLoaded: Bool {
        phase == .loaded && sources.values.allSatisfy(\.isComplete) && !glyphs.values.contains(.pending) && !runtime.spriteReloading
    }

    /// Whether glyph ranges asked for (by a renderer's needed glyphs) are still loading.
    public var isLoadingGlyphs: Bool { glyphs.values.contains(.pending) }

    /// Whether any of these ranges (a frame's needed glyphs, after `requestGlyphRanges`) is still
    /// loading. A range that loaded or failed is settled: a frame without its glyphs can still be full,
    /// as a frame without a failed tile can.
    public func isLoadingAny(of ranges: [GlyphRangeID]) -> Bool {
        ranges.contains { glyphs[$0] == .pending }
    }

    /// Starts a frame: publishes render-frame-started and says whether the frame will be full.
    /// Returns nil when there is nothing to draw (no loaded style).
    public func beginFrame() -> FrameStart? {
        wantsFrame = false
        guard phase == .loaded else { return nil }
        if !renderingStarted {
            renderingStarted = true
            publish(.willStartRenderingMap)
        }
        publish(.renderFrameStarted)
        return FrameStart(full: isFullyLoaded)
    }

    /// Finishes a frame begun with `beginFrame`: render-frame-finished, then map-loaded on the first
    /// full frame of a style, and map-idle when nothing more is coming.
    public func finishFrame(_ frame: FrameStart, needsRepaint rendererNeedsRepaint: Bool = false, placementChanged: Bool = false) {
        // A moving camera needs the next frame whatever the renderer says, and holds map-idle back.
        let needsRepaint = rendererNeedsRepaint || isAnimating
        publish(.renderFrameFinished(RenderFrameFinished(
            full: frame.full, needsRepaint: needsRepaint, placementChanged: placementChanged)))
        guard phase == .loaded else { return }
        if frame.full, !mapLoadedEmitted {
            mapLoadedEmitted = true
            publish(.mapLoaded)
        }
        if needsRepaint {
            requestFrame()
        } else if frame.full, !wantsFrame, !waitsOnMapLoads, !idleEmitted, !isGesturing {
            idleEmitted = true
            fullyRendered = true
            publish(.didFinishRenderingMap(fullyRendered: true))
            publish(.mapIdle)
        }
    }

    /// A renderer drew the frame begun with `beginFrame`: this decides whether it is full. It is not when
    /// the renderer lacked glyphs that are now loading, an image the map holds, or stopped before drawing
    /// (a range or image that failed to load counts as settled, as a failed tile does). Loads the glyph
    /// ranges the renderer named, reports images nobody has, and on a full frame notes which added
    /// images went unused. The host then finishes the frame with `finishFrame(drawn.frame, …)`.
    public func frameDrawn(_ start: FrameStart, _ report: RendererFrameReport) -> DrawnFrame {
        let loadingGlyphs = requestGlyphRanges(report.neededGlyphs)
        let imagesComing = imagesMissing(report.missingImages, frameKeys: report.frameKeys)
        let lacking = isLoadingAny(of: report.neededGlyphs) || imagesComing || report.drewNothing
        let drawn = FrameStart(full: start.full && !lacking)
        let unused = drawn.full ? imagesUsed(report.usedImages) : []
        return DrawnFrame(frame: drawn, loadingGlyphs: loadingGlyphs, unusedImages: unused)
    }

    /// A frame with nothing to draw it: for a core without a renderer plugin.
    public func renderFrame() {
        guard let frame = beginFrame() else { return }
        finishFrame(frame)
    }
}

/// What a frame was when it began.
public struct FrameStart: Sendable, Equatable {
    public let full: Bool

    /// The same frame when nobody drew it: never full (a host whose renderer failed says so).
    public var undrawn: FrameStart { FrameStart(full: false) }
}

/// What a renderer said of a frame it drew (PROTOCOL.md 7.6), as far as the map's idea of full needs it.
public struct RendererFrameReport: Sendable, Equatable {
    /// Glyph ranges its labels needed.
    public var neededGlyphs: [GlyphRangeID]
    /// Images the style named that the renderer did not have.
    public var missingImages: [String]
    /// Images the frame drew.
    public var usedImages: Set<String>
    /// The resources the frame was sent with.
    public var frameKeys: Set<String>
    /// The renderer placed labels, found glyph ranges it never had, and stopped before drawing.
    public var drewNothing: Bool

    public init(neededGlyphs: [GlyphRangeID], missingImages: [String], usedImages: Set<String>, frameKeys: Set<String>,
                drewNothing: Bool) {
        self.neededGlyphs = neededGlyphs
        self.missingImages = missingImages
        self.usedImages = usedImages
        self.frameKeys = frameKeys
        self.drewNothing = drewNothing
    }
}

/// A drawn frame as the map judges it.
public struct DrawnFrame: Sendable, Equatable {
    /// Full only if it began full and lacked nothing it needed.
    public let frame: FrameStart
    /// Glyph ranges the renderer asked for are now loading (the next frame may wait a little for them).
    public let loadingGlyphs: Bool
    /// Added images this full frame no longer draws (style-image-remove-unused was published for each).
    public let unusedImages: [String]
}

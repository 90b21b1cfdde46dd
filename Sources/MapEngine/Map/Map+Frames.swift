/// Frames: started → finished (partial until every visible tile is in), then map-loaded and map-idle.
extension Map {
    /// The style is loaded and every visible tile and needed glyph range has finished.
    public var isFullyLoaded: Bool {
        phase == .loaded && sources.values.allSatisfy(\.isComplete) && !glyphs.values.contains(.pending)
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
            environment.publish(.willStartRenderingMap)
        }
        environment.publish(.renderFrameStarted)
        return FrameStart(full: isFullyLoaded)
    }

    /// Finishes a frame begun with `beginFrame`: render-frame-finished, then map-loaded on the first
    /// full frame of a style, and map-idle when nothing more is coming.
    public func finishFrame(_ frame: FrameStart, needsRepaint rendererNeedsRepaint: Bool = false, placementChanged: Bool = false) {
        // A moving camera needs the next frame whatever the renderer says, and holds map-idle back.
        let needsRepaint = rendererNeedsRepaint || isAnimating
        environment.publish(.renderFrameFinished(RenderFrameFinished(
            full: frame.full, needsRepaint: needsRepaint, placementChanged: placementChanged)))
        guard phase == .loaded else { return }
        if frame.full, !mapLoadedEmitted {
            mapLoadedEmitted = true
            environment.publish(.mapLoaded)
        }
        if needsRepaint {
            requestFrame()
        } else if frame.full, !wantsFrame, !waitsOnMapLoads, !idleEmitted, !isGesturing {
            idleEmitted = true
            fullyRendered = true
            environment.publish(.didFinishRenderingMap(fullyRendered: true))
            environment.publish(.mapIdle)
        }
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

    /// The frame as drawn: full only if it began full and drew every resource it needed (no glyph
    /// range or image it asked for is still on its way).
    public func drawn(lackingResources: Bool) -> FrameStart { FrameStart(full: full && !lackingResources) }
}

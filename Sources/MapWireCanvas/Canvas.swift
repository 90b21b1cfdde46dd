import CCairo
import Foundation

/// A raster surface the map renderer draws on, backed by a cairo ARGB32 image.
///
/// The surface is `width * pixelRatio` × `height * pixelRatio` device pixels; every coordinate
/// passed to the drawing methods is in logical pixels. Not Sendable: one thread draws.
/// Each drawing call sets all the cairo state it relies on, so calls do not leak into each other.
public final class Canvas {
    public let width: Int
    public let height: Int
    public let pixelRatio: Double
    /// Surface size in device pixels.
    let deviceWidth: Int
    let deviceHeight: Int
    let surface: OpaquePointer
    let cr: OpaquePointer
    /// Open `save()` calls; cairo would enter a permanent error state on an unmatched restore.
    private var saveDepth = 0
    /// Line widths and circle radii beyond this many logical px are not drawn: cairo's work grows
    /// with them (a data-driven radius of 1e30 kept a frame busy for minutes), and no canvas is
    /// near that large.
    public static let maximumSize = 1e6
    /// Reused pixel memory for glyph rendering.
    let scratch = ScratchPixels()
    /// Sprite images copied at this canvas's pixel ratio (`CanvasImage.resampled`), by image and rect,
    /// so a pattern layer's many polygons resample once; each keeps its image, so its key stays its own.
    var resampledPatterns: [ResampledPatternKey: (image: CanvasImage, copy: CanvasImage)] = [:]

    public init(width: Int, height: Int, pixelRatio: Double = 1) {
        precondition(width > 0 && height > 0, "canvas must have at least one pixel")
        precondition(pixelRatio > 0 && pixelRatio.isFinite, "pixel ratio must be positive")
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        deviceWidth = max(1, Int((Double(width) * pixelRatio).rounded()))
        deviceHeight = max(1, Int((Double(height) * pixelRatio).rounded()))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(deviceWidth), Int32(deviceHeight))
        cr = cairo_create(surface)
        cairo_scale(cr, pixelRatio, pixelRatio)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Replaces every pixel (inside the current clip) with `color`.
    public func clear(_ color: CanvasColor) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    public func save() {
        cairo_save(cr)
        saveDepth += 1
    }

    /// Undoes the clip set since the matching `save()`; extra calls are ignored.
    public func restore() {
        guard saveDepth > 0 else { return }
        cairo_restore(cr)
        saveDepth -= 1
    }

    /// Intersects the clip with `path` until the next `restore()`. Without antialiasing, clips of
    /// shapes that share an edge (neighbouring tiles) cover every pixel exactly once: no seams.
    public func clip(to path: CanvasPath, rule: FillRule = .nonZero, antialias: Bool = true) {
        cairo_new_path(cr)
        path.append(to: cr)
        cairo_set_fill_rule(cr, rule.cairo)
        let previous = cairo_get_antialias(cr)
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_clip(cr)
        cairo_set_antialias(cr, previous)
    }

    /// Draws `body` into a temporary layer, then composites the layer at `opacity`, so overlapping
    /// shapes inside the group do not show through each other. `body` must balance its own
    /// `save()`/`restore()` calls.
    public func setOpacityGroup(_ body: () -> Void, opacity: Double) {
        // Compositing an opaque layer is the same as drawing directly (OVER is associative).
        guard opacity < 1 else {
            body()
            return
        }
        cairo_push_group(cr)
        let depth = saveDepth
        body()
        while saveDepth > depth { restore() }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, min(1, max(0, opacity)))
    }

    /// Cairo's error state; anything other than success means later drawing is being ignored.
    var cairoStatus: String? {
        let status = cairo_status(cr)
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return String(cString: cairo_status_to_string(status))
    }

    func setSource(_ color: CanvasColor) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
    }
}

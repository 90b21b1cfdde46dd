/// GL engines sample an icon's pixels without interpolation when it is drawn at its natural size,
/// unrotated, on a flat map: each screen pixel takes the icon pixel nearest its centre, so a 1 px
/// border stays 1 px and sharp. That is the icon copied pixel for pixel to the device pixel
/// nearest its position, which is what `placement` gives (nil when the icon must be resampled).
enum PixelExactIcon {
    static func placement(_ icon: IconDraw, canvasPixelRatio: Double) -> (x: Double, y: Double, width: Double, height: Double)? {
        let e = icon.entry
        guard icon.rotation == 0, e.pixelRatio == canvasPixelRatio, canvasPixelRatio > 0,
              abs(icon.width * e.pixelRatio - Double(e.width)) < 1e-6,
              abs(icon.height * e.pixelRatio - Double(e.height)) < 1e-6,
              icon.x.isFinite, icon.y.isFinite
        else { return nil }
        // The pixel whose centre lies in the icon's first texel: round half down.
        let x = (icon.x * canvasPixelRatio - 0.5).rounded(.up) / canvasPixelRatio
        let y = (icon.y * canvasPixelRatio - 0.5).rounded(.up) / canvasPixelRatio
        return (x, y, icon.width, icon.height)
    }

    /// `rect` with its edges moved to device-pixel boundaries so that it covers exactly the pixels whose
    /// centres lie inside it (round half down), as a GPU fills an unrotated quad; empty stays empty.
    static func snapped(_ rect: (x: Double, y: Double, width: Double, height: Double), canvasPixelRatio ratio: Double)
        -> (x: Double, y: Double, width: Double, height: Double)
    {
        guard ratio > 0, [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) else { return rect }
        func edge(_ v: Double) -> Double { (v * ratio - 0.5).rounded(.up) / ratio }
        let x0 = edge(rect.x), y0 = edge(rect.y), x1 = edge(rect.x + rect.width), y1 = edge(rect.y + rect.height)
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}

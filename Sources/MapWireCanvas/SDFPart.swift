/// Which layers of a signed-distance-field shape `Canvas.drawSDF` draws.
/// A label's glyphs are usually drawn in two passes (all halos, then all fills) so one glyph's
/// halo never covers its neighbour's fill.
public enum SDFPart: Sendable {
    case haloAndFill, haloOnly, fillOnly
}

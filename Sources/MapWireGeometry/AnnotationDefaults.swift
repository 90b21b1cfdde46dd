/// Sizes used to hit-test and draw annotations when the annotation delegate says nothing else, in points
/// (multiplied by the map's pixel ratio on screen). Below both the engine's hit test and the renderer, so
/// what is drawn is what a tap hits.
public enum AnnotationDefaults {
    /// The built-in pin's box: 20 × 30 points, anchored at its bottom centre on the coordinate. Style
    /// images whose size the core does not know (sprite images) are hit-tested with the same box.
    public static let pinWidth: Double = 20
    public static let pinHeight: Double = 30
    /// The default polyline (and polygon outline) width.
    public static let lineWidth: Double = 3
    /// Extra reach of a tap on a line, in px beyond half its width.
    public static let lineTolerance: Double = 4
}

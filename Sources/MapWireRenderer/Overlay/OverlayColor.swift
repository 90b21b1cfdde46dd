import MapWireCanvas
import MapWireStyle

/// CSS colours of annotation and puck answers ("#FF0000", "rgba(…)", "red").
public enum OverlayColor {
    /// The colour `css` names, or `fallback` when it is empty or not a CSS colour.
    public static func parse(_ css: String, default fallback: CanvasColor) -> CanvasColor {
        guard !css.isEmpty, let color = StyleColor(css: css) else { return fallback }
        return CanvasColor(color)
    }

    /// True when `css` is empty (take the default) or a colour.
    public static func isUsable(_ css: String) -> Bool { css.isEmpty || StyleColor(css: css) != nil }
}

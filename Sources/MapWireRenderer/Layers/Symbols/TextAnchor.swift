/// `text-anchor` / `icon-anchor`: which part of the box sits on the anchor point, as fractions of
/// the box's width (0 = left edge on the anchor) and height (0 = top edge on the anchor).
struct TextAnchor: Hashable {
    let horizontal: Double
    let vertical: Double

    init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    init(_ name: String) {
        horizontal = name.hasSuffix("left") ? 0 : name.hasSuffix("right") ? 1 : 0.5
        vertical = name.hasPrefix("top") ? 0 : name.hasPrefix("bottom") ? 1 : 0.5
    }

    static let center = TextAnchor(horizontal: 0.5, vertical: 0.5)

    /// `text-justify` as a fraction of the free width (0 left, 0.5 centre, 1 right); "auto"
    /// follows the anchor so multi-line text hugs the side it hangs from.
    static func justification(_ name: String, anchor: TextAnchor) -> Double {
        switch name {
        case "left": 0
        case "right": 1
        case "auto": anchor.horizontal
        default: 0.5
        }
    }
}

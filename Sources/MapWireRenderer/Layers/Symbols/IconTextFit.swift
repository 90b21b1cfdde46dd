/// `icon-text-fit`: the icon stretched around its label's box, in the directions asked, with
/// `icon-text-fit-padding` (top, right, bottom, left px) added; directions not fitted keep the
/// icon's own size, centred on the text.
enum IconTextFit: Equatable {
    case none, width, height, both

    init(_ name: String) {
        switch name {
        case "width": self = .width
        case "height": self = .height
        case "both": self = .both
        default: self = .none
        }
    }

    /// The icon's rectangle relative to the anchor, in px before `icon-size` scales it: `text` is the
    /// label's box (px), `natural` the icon's own size (px), `offset` the icon offset (px).
    static func rectangle(_ fit: IconTextFit, text: (left: Double, top: Double, right: Double, bottom: Double),
                          natural: (width: Double, height: Double), padding: [Double],
                          offset: (x: Double, y: Double)) -> (left: Double, top: Double, right: Double, bottom: Double)
    {
        let p = padding.count == 4 ? padding : [0, 0, 0, 0]
        var left = offset.x + (text.left + text.right - natural.width) / 2, right = left + natural.width
        var top = offset.y + (text.top + text.bottom - natural.height) / 2, bottom = top + natural.height
        if fit == .width || fit == .both {
            left = offset.x + text.left - p[3]
            right = offset.x + text.right + p[1]
        }
        if fit == .height || fit == .both {
            top = offset.y + text.top - p[0]
            bottom = offset.y + text.bottom + p[2]
        }
        return (left, top, right, bottom)
    }

    /// Where the image is drawn in its fitted box: the GL JS and Native the render suite was drawn with
    /// spread the sprite's image *with* its one-texel atlas border over the fitted quad (quads.js, the
    /// icon-text-fit branch), so the image itself stops a texel's share short of each edge.
    static func image(inFitted box: (left: Double, top: Double, width: Double, height: Double), texels: (width: Int, height: Int))
        -> (left: Double, top: Double, width: Double, height: Double)
    {
        let insetX = box.width / Double(max(0, texels.width) + 2), insetY = box.height / Double(max(0, texels.height) + 2)
        return (box.left + insetX, box.top + insetY, box.width - 2 * insetX, box.height - 2 * insetY)
    }
}

import MapWireCanvas
import MapWireStyle

/// One glyph ready to draw: its SDF bitmap's top-left `origin` before turning by `rotation`
/// about `pivot`, at `scale` bitmap px per screen px.
struct GlyphDraw {
    let glyph: GlyphStore.Glyph
    let origin: Point2D
    let scale: Double
    let rotation: Double
    let pivot: Point2D
    let color: StyleColor
    let paint: TextPaint
    /// How the glyph is squeezed lying on the pitched map (identity when it stands in the screen plane).
    var plane: PlaneMap = .identity
    /// The scale its SDF edges are shaded for, relative to `scale`.
    var edgeScale: Double = 1

    /// The same glyph moved by `d` px.
    func shifted(by d: Point2D) -> GlyphDraw {
        GlyphDraw(glyph: glyph, origin: origin + d, scale: scale, rotation: rotation, pivot: pivot + d, color: color,
                  paint: paint, plane: plane, edgeScale: edgeScale)
    }
}

/// One sprite icon ready to draw: the unrotated rectangle, turned by `rotation` about `pivot`.
struct IconDraw {
    let entry: SpriteAtlas.Entry
    let name: String
    let x: Double, y: Double, width: Double, height: Double
    let rotation: Double
    let pivot: Point2D
    let paint: TextPaint
    /// A stretchable icon fitted to its label: its pieces, placed from the pivot (empty: one whole image).
    var pieces: [IconStretchQuads.Piece] = []
    /// A whole image fitted to its label (`icon-text-fit`): GL fills the pixels whose centres its quad
    /// covers, so its edges are drawn whole (`PixelExactIcon.snapped`).
    var fittedToText = false

    /// The same icon moved by `d` px (its label took another variable anchor).
    func shifted(by d: Point2D) -> IconDraw {
        IconDraw(entry: entry, name: name, x: x + d.x, y: y + d.y, width: width, height: height, rotation: rotation,
                 pivot: Point2D(x: pivot.x + d.x, y: pivot.y + d.y), paint: paint, pieces: pieces, fittedToText: fittedToText)
    }
}

/// What a symbol layer draws this frame, decided by the placement pass.
struct PlacedSymbols {
    var icons: [IconDraw] = []
    var glyphs: [GlyphDraw] = []
}

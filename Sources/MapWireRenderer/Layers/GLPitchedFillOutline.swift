import MapWireCanvas

/// A pitched fill layer's polygons in one tile, drawn in GL's order: hard-edged triangles, and the
/// one-pixel outline lines that antialias them. GL draws an opaque fill in its opaque pass, where the
/// depth buffer keeps the outline (a sublayer behind) off every pixel a fill covered, so the outline
/// shows only outside; a translucent fill, or an outline of its own colour (a sublayer in front),
/// gets its outline drawn over it.
struct GLPitchedFillOutline {
    struct Polygon {
        var path: CanvasPath
        var rings: [[Point2D]]
        var fill: CanvasColor
        var outline: CanvasColor
    }

    let hasOutlineColor: Bool
    private(set) var polygons: [Polygon] = []

    init(hasOutlineColor: Bool) {
        self.hasOutlineColor = hasOutlineColor
    }

    mutating func add(path: CanvasPath, rings: [[Point2D]], fill: CanvasColor, outline: CanvasColor) {
        polygons.append(Polygon(path: path, rings: rings, fill: fill, outline: outline))
    }

    /// Whether the outline goes under the fills: drawn first, the opaque hard fills then cover every
    /// pixel the depth test would have kept it off.
    var outlineBelow: Bool {
        !hasOutlineColor && polygons.allSatisfy { $0.fill.a >= 1 }
    }

    /// `groundScale`: the perspective scale at a screen y (GL's 1/w for a point on the ground).
    func draw(on canvas: Canvas, groundScale: (Double) -> Double) {
        let below = outlineBelow
        func outline(_ p: Polygon) { canvas.strokeGLOutline(p.rings, color: p.outline, inverseW: { groundScale($0.y) }) }
        if below { polygons.forEach(outline) }
        for p in polygons { canvas.fill(p.path, color: p.fill, antialias: false) }
        if !below { polygons.forEach(outline) }
    }
}

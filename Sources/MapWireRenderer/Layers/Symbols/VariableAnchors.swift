import MapWireCanvas
import MapWireStyle

/// `text-variable-anchor`: the anchors a point label may hang from, tried in order; the label takes
/// the first whose box is free. The text is laid out centred and moved per anchor, as GL does.
struct VariableAnchor: Equatable {
    let name: String
    let anchor: TextAnchor
    /// The anchor's offset in em units (24 per em), from `text-radial-offset` or `text-offset`.
    let offset: (x: Double, y: Double)
    /// `text-justify` as a fraction; "auto" follows the anchor's side.
    let justify: Double

    static func == (a: VariableAnchor, b: VariableAnchor) -> Bool {
        a.name == b.name && a.offset == b.offset && a.justify == b.justify
    }

    static let names: Set<String> = ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]

    /// GL measures vertical offsets from the baseline, which sits 7 em units below where the box's
    /// edge would be (24 − 17, the shaper's baseline offset).
    static let baselineShift = EmUnits.perEm + EmUnits.baselineOffset

    /// The anchors of a layer, in order; `radial` (em) wins over `textOffset` (em) as it does in GL.
    static func anchors(_ names: [String], radial: Double?, textOffset: (x: Double, y: Double), justify: String) -> [VariableAnchor] {
        names.filter(Self.names.contains).map { name in
            let anchor = TextAnchor(name)
            let offset = radial.map { radialOffset(name, $0 * EmUnits.perEm) }
                ?? textOffsetFor(name, textOffset.x * EmUnits.perEm, textOffset.y * EmUnits.perEm)
            return VariableAnchor(name: name, anchor: anchor, offset: offset,
                                  justify: TextAnchor.justification(justify, anchor: anchor))
        }
    }

    /// `text-variable-anchor-offset`: anchor names each followed by its own [x, y] offset in ems, taken
    /// as given (no sign flipping), measured from the baseline for top and bottom anchors.
    static func anchors(pairs items: [StyleValue], justify: String) -> [VariableAnchor] {
        stride(from: 0, to: items.count - 1, by: 2).compactMap { i in
            guard let name = items[i].string, Self.names.contains(name), case .array(let xy) = items[i + 1],
                  xy.count == 2, let x = xy[0].number, let y = xy[1].number, x.isFinite, y.isFinite else { return nil }
            var offset = (x: x * EmUnits.perEm, y: y * EmUnits.perEm)
            if name.hasPrefix("top") { offset.y -= baselineShift } else if name.hasPrefix("bottom") { offset.y += baselineShift }
            let anchor = TextAnchor(name)
            return VariableAnchor(name: name, anchor: anchor, offset: offset, justify: TextAnchor.justification(justify, anchor: anchor))
        }
    }

    /// `text-radial-offset` (em units): the distance from the anchor to the box's nearest edge,
    /// split evenly between x and y at the corners.
    static func radialOffset(_ name: String, _ radial: Double) -> (x: Double, y: Double) {
        let r = max(0, radial)
        let corner = r / 2.squareRoot()
        var x = 0.0, y = 0.0
        switch name {
        case "top-left", "top-right": y = corner - baselineShift
        case "bottom-left", "bottom-right": y = -corner + baselineShift
        case "top": y = r - baselineShift
        case "bottom": y = -r + baselineShift
        default: break
        }
        switch name {
        case "top-right", "bottom-right": x = -corner
        case "top-left", "bottom-left": x = corner
        case "left": x = r
        case "right": x = -r
        default: break
        }
        return (x, y)
    }

    /// `text-offset` (em units) with variable anchors: its sizes, pointed away from the anchor's side.
    static func textOffsetFor(_ name: String, _ offsetX: Double, _ offsetY: Double) -> (x: Double, y: Double) {
        let ox = abs(offsetX), oy = abs(offsetY)
        var x = 0.0, y = 0.0
        if name.hasPrefix("top") { y = oy - baselineShift } else if name.hasPrefix("bottom") { y = -oy + baselineShift }
        if name.hasSuffix("right") { x = -ox } else if name.hasSuffix("left") { x = ox }
        return (x, y)
    }

    /// How far (px) the centred box moves so this anchor's side sits on the anchor point:
    /// `width`/`height` are the collision box's (padding included), `scale` px per em unit.
    func shift(width: Double, height: Double, scale: Double) -> Point2D {
        Point2D(x: -(anchor.horizontal - 0.5) * width + offset.x * scale,
                y: -(anchor.vertical - 0.5) * height + offset.y * scale)
    }
}

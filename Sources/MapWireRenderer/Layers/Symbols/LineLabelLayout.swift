import MapWireCanvas

/// Lays a label's glyphs along a path: each glyph centred on the path at its offset from the
/// anchor and turned to the path's direction there.
enum LineLabelLayout {
    struct GlyphPlacement {
        let center: Point2D
        let angle: Double
    }

    /// `offsets` are the glyph centres' distances from the anchor (px, negative before it);
    /// `half` is half the label's length. Nil when the path bends more than `maxAngle` radians
    /// within any `window` px of the label. With `keepUpright`, a label that would read
    /// right-to-left is laid along the path walked backwards instead.
    /// `readsDown`: vertical text, kept upright by reading from the top down instead of left to right.
    static func place(offsets: [Double], along path: ScreenPath, at anchor: Double, half: Double,
                      keepUpright: Bool, maxAngle: Double, window: Double, readsDown: Bool = false) -> [GlyphPlacement]? {
        var path = path, anchor = anchor
        if keepUpright {
            let start = path.locate(anchor - half).point, end = path.locate(anchor + half).point
            if readsDown ? end.y < start.y : end.x < start.x {
                path = path.reversed()
                anchor = path.length - anchor
            }
        }
        guard bendsWithin(path, from: anchor - half, to: anchor + half, maxAngle: maxAngle, window: window) else { return nil }
        return offsets.map { offset in
            let at = path.locate(anchor + offset)
            return GlyphPlacement(center: at.point, angle: at.angle)
        }
    }

    /// Whether the path between two distances rises or falls on screen more than it runs across (GL's
    /// switch of a label to vertical writing).
    static func runsDown(_ path: ScreenPath, from: Double, to: Double) -> Bool {
        let a = path.locate(from).point, b = path.locate(to).point
        return abs(b.y - a.y) > abs(b.x - a.x)
    }

    /// Whether the turns between `from` and `to` add up to at most `maxAngle` in every window.
    static func bendsWithin(_ path: ScreenPath, from: Double, to: Double, maxAngle: Double, window: Double) -> Bool {
        guard path.points.count > 2 else { return true }
        var turns: [(distance: Double, angle: Double)] = []
        for i in 1..<(path.points.count - 1) where path.distances[i] > from && path.distances[i] < to {
            turns.append((path.distances[i], abs(path.turn(at: i))))
        }
        var sum = 0.0, first = 0
        for turn in turns {
            sum += turn.angle
            while turn.distance - turns[first].distance > window {
                sum -= turns[first].angle
                first += 1
            }
            if sum > maxAngle { return false }
        }
        return true
    }
}

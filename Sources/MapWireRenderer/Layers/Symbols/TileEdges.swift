import MapWireCanvas

/// `symbol-avoid-edges`: a symbol is placed only when its collision boxes lie wholly inside its own
/// tile's square on screen, so it never crosses into a neighbour's (MapLibre Native's collision_index.cpp,
/// `isInsideTile` against the tile's projected boundaries; it holds even when the symbol may overlap others).
struct TileEdges {
    /// The tile's corners on screen, in order around it (a quad under bearing or pitch).
    let corners: [Point2D]

    func contains(_ box: ScreenBox) -> Bool {
        let points = [Point2D(x: box.minX, y: box.minY), Point2D(x: box.maxX, y: box.minY),
                      Point2D(x: box.maxX, y: box.maxY), Point2D(x: box.minX, y: box.maxY)]
        return points.allSatisfy(contains)
    }

    /// Whether `p` is inside the quad (its edge included), whichever way round its corners go.
    func contains(_ p: Point2D) -> Bool {
        guard corners.count >= 3 else { return false }
        var sign = 0.0
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            guard cross.isFinite else { return false }
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }
}

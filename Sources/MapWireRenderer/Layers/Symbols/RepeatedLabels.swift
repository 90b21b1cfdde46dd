import MapWireCanvas

/// Line labels with the same text keep at least a minimum distance from each other, so a
/// street cut into many short features is not named at every piece (GL engines use half the
/// symbol spacing, among one tile's anchors, before collisions).
struct RepeatedLabels {
    let minimumDistance: Double
    private var anchors: [String: [Point2D]] = [:]

    init(minimumDistance: Double) {
        self.minimumDistance = minimumDistance
    }

    /// `scale`: screen px per px of the distance (the tile's scale on screen).
    func isTooClose(_ text: String, at p: Point2D, scale: Double = 1) -> Bool {
        guard minimumDistance > 0, let known = anchors[text] else { return false }
        let limit = minimumDistance * minimumDistance * scale * scale
        return known.contains { ($0.x - p.x) * ($0.x - p.x) + ($0.y - p.y) * ($0.y - p.y) < limit }
    }

    mutating func record(_ text: String, at p: Point2D) {
        anchors[text, default: []].append(p)
    }
}

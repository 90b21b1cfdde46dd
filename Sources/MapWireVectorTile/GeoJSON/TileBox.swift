/// The buffered square a tile keeps geometry in, in tile units: -buffer...extent+buffer.
struct TileBox: Sendable {
    let minimum: Double
    let maximum: Double

    func contains(_ point: WorldPoint) -> Bool {
        point.x >= minimum && point.x <= maximum && point.y >= minimum && point.y <= maximum
    }
}

/// The street grid: two named main roads through the centre, ordinary streets elsewhere.
enum TownStreets {
    // Index = grid line from west to east (or south to north); the middle line is the main road.
    static let northSouthNames = [
        "Alder Street", "Birch Street", "Cedar Street", "Elm Street", "Hazel Street", "Juniper Street",
        "Grand Avenue",
        "Linden Street", "Maple Street", "Oak Street", "Pine Street", "Rowan Street", "Willow Street",
    ]
    static let eastWestNames = [
        "Harbor Lane", "Mill Lane", "Canal Lane", "Bridge Lane", "Garden Lane", "Chapel Lane",
        "Market Street",
        "School Lane", "Orchard Lane", "Meadow Lane", "Castle Lane", "Hill Lane", "Station Lane",
    ]

    static func features() -> [TownFeature] {
        let half = TownPlan.halfSize
        let mainIndex = TownPlan.blocksPerSide / 2
        var roads: [TownFeature] = []
        for index in 0...TownPlan.blocksPerSide {
            let offset = -half + Double(index) * TownPlan.blockSize
            let isMain = index == mainIndex
            // Main roads run on past the grid edge, as roads out of town would.
            let reach = isMain ? half + 80 : half
            roads.append(road(
                from: LocalPoint(x: offset, y: -reach), to: LocalPoint(x: offset, y: reach),
                name: northSouthNames[index], isMain: isMain))
            roads.append(road(
                from: LocalPoint(x: -reach, y: offset), to: LocalPoint(x: reach, y: offset),
                name: eastWestNames[index], isMain: isMain))
        }
        return roads
    }

    private static func road(from start: LocalPoint, to end: LocalPoint, name: String, isMain: Bool) -> TownFeature {
        TownFeature(
            layer: .road, shape: .line([start, end]),
            properties: ["class": .string(isMain ? "main" : "street"), "name": .string(name)],
            minZoom: isMain ? 12 : 13)
    }
}

/// Named places; `maki` names an icon in the demo sprite.
enum TownPointsOfInterest {
    static let places: [(name: String, maki: String, x: Double, y: Double)] = [
        ("Town Hall", "marker", 40, 40),
        ("Central Market", "shop", -80, 30),
        ("Corner Cafe", "cafe", 25, -25),
        ("Central Park", "park", 240, 240),
        ("Riverside Green", "park", -240, -400),
        ("St. Anne Hospital", "hospital", 560, -250),
        ("Mill Pond Cafe", "cafe", -520, 600),
        ("Book Nook", "shop", -250, 180),
        ("Bridge Cafe", "cafe", 100, -470),
        ("Harbor Clinic", "hospital", -700, -300),
        ("Old Bakery", "shop", 400, 600),
        ("Station Kiosk", "shop", 650, 880),
        ("Hilltop Cafe", "cafe", -850, 850),
        ("North Clinic", "hospital", 100, 760),
        ("Lookout Point", "marker", 880, -880),
        ("Museum of Maps", "marker", -420, 80),
    ]

    static func features() -> [TownFeature] {
        places.map { place in
            TownFeature(
                layer: .poi, shape: .point(LocalPoint(x: place.x, y: place.y)),
                properties: ["name": .string(place.name), "maki": .string(place.maki)], minZoom: 13)
        }
    }
}

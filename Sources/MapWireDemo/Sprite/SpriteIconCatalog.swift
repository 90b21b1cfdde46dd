/// The demo's icons, named like the maki icons the town's `poi` features reference.
/// Each sits on a white disc or tile so it stays readable on any map colour.
enum SpriteIconCatalog {
    static let size = 16

    static let all: [SpriteIcon] = [marker, shop, park, hospital, cafe].sorted { $0.name < $1.name }

    static let marker = SpriteIcon(name: "marker", size: size, layers: [
        (Shapes.circle(x: 8, y: 8, radius: 7.5), .white),
        (Shapes.circle(x: 8, y: 8, radius: 6), RGBAColor(r: 214, g: 64, b: 52)),
        (Shapes.circle(x: 8, y: 8, radius: 2.2), .white),
    ])

    static let shop = SpriteIcon(name: "shop", size: size, layers: [
        (Shapes.box(x: 8, y: 8, halfWidth: 7.5, halfHeight: 7.5, cornerRadius: 2.5), .white),
        (Shapes.box(x: 8, y: 8, halfWidth: 6, halfHeight: 6, cornerRadius: 1.5), RGBAColor(r: 52, g: 96, b: 190)),
        // A shopping bag: body and handle.
        (Shapes.box(x: 8, y: 9.5, halfWidth: 3, halfHeight: 2.5, cornerRadius: 0.5), .white),
        (Shapes.outline(Shapes.circle(x: 8, y: 7, radius: 1.8), halfThickness: 0.5), .white),
    ])

    static let park = SpriteIcon(name: "park", size: size, layers: [
        (Shapes.circle(x: 8, y: 8, radius: 7.5), .white),
        (Shapes.box(x: 8, y: 12, halfWidth: 1, halfHeight: 2), RGBAColor(r: 120, g: 80, b: 40)),
        (Shapes.polygon([(8, 2), (13, 11), (3, 11)]), RGBAColor(r: 56, g: 142, b: 60)),
    ])

    static let hospital = SpriteIcon(name: "hospital", size: size, layers: [
        (Shapes.box(x: 8, y: 8, halfWidth: 7.5, halfHeight: 7.5, cornerRadius: 2.5), .white),
        (Shapes.union(
            Shapes.box(x: 8, y: 8, halfWidth: 5.5, halfHeight: 2),
            Shapes.box(x: 8, y: 8, halfWidth: 2, halfHeight: 5.5)), RGBAColor(r: 220, g: 40, b: 40)),
    ])

    static let cafe = SpriteIcon(name: "cafe", size: size, layers: [
        (Shapes.circle(x: 8, y: 8, radius: 7.5), .white),
        (Shapes.circle(x: 8, y: 8, radius: 6), RGBAColor(r: 128, g: 84, b: 52)),
        // A cup with a ring handle on the right.
        (Shapes.box(x: 7, y: 8.5, halfWidth: 3, halfHeight: 2.5, cornerRadius: 1), .white),
        (Shapes.outline(Shapes.circle(x: 10.4, y: 8.2, radius: 1.4), halfThickness: 0.5), .white),
    ])
}

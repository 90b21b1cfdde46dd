import Testing
@testable import MapWireGeometry

@Suite struct CanonicalTileIDTests {
    @Test func descriptionIsZSlashXSlashY() {
        #expect(CanonicalTileID(z: 13, x: 2101, y: 3045).description == "13/2101/3045")
    }

    @Test func ordersByZThenXThenY() {
        let sorted = [
            CanonicalTileID(z: 2, x: 0, y: 0), CanonicalTileID(z: 1, x: 1, y: 0),
            CanonicalTileID(z: 1, x: 0, y: 1), CanonicalTileID(z: 1, x: 0, y: 0),
        ].sorted()
        #expect(sorted == [
            CanonicalTileID(z: 1, x: 0, y: 0), CanonicalTileID(z: 1, x: 0, y: 1),
            CanonicalTileID(z: 1, x: 1, y: 0), CanonicalTileID(z: 2, x: 0, y: 0),
        ])
    }
}

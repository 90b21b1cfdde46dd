import Testing
@testable import MapWireCanvas

@Suite struct PlaneMapTests {
    @Test func inverseUndoesTheMap() throws {
        let m = PlaneMap(a: 1, b: 0.3, c: 0, d: 0.5)
        let inverse = try #require(m.inverse)
        let (x, y) = m.apply(3, 4)
        let back = inverse.apply(x, y)
        #expect(abs(back.x - 3) < 1e-12 && abs(back.y - 4) < 1e-12)
        #expect(PlaneMap(a: 1, b: 2, c: 2, d: 4).inverse == nil)
    }

    @Test func aGlyphSqueezedToHalfHeightCoversHalfTheRows() {
        // A 20×20 px solid SDF square (inside everywhere) drawn at scale 1, then squeezed vertically.
        let sdf = [UInt8](repeating: 255, count: 20 * 20)
        func rows(_ plane: PlaneMap) -> Int {
            let canvas = Canvas(width: 40, height: 40)
            canvas.drawSDF(sdf, width: 20, height: 20, origin: Point2D(x: 10, y: 10), scale: 1, rotation: 0, pivot: Point2D(x: 20, y: 20),
                           color: CanvasColor(r: 1, g: 0, b: 0, a: 1), opacity: 1, haloColor: .transparent, haloWidth: 0, haloBlur: 0,
                           plane: plane)
            let rgba = canvas.rgba()
            return (0..<40).filter { y in rgba[(y * 40 + 20) * 4 + 3] > 128 }.count
        }
        #expect(rows(.identity) == 20)
        #expect(rows(PlaneMap(a: 1, b: 0, c: 0, d: 0.5)) == 10)
        // A map that flattens the shape draws nothing rather than trapping.
        #expect(rows(PlaneMap(a: 1, b: 0, c: 0, d: 0)) == 0)
    }
}

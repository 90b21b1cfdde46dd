import Testing
import MapWireCanvas
@testable import MapWireRenderer

@Suite struct GLPitchedFillOutlineTests {
    private func square(_ x: Double, _ y: Double, _ size: Double) -> (CanvasPath, [[Point2D]]) {
        let ring = [Point2D(x: x, y: y), Point2D(x: x + size, y: y), Point2D(x: x + size, y: y + size), Point2D(x: x, y: y + size)]
        var path = CanvasPath()
        path.addRing(ring, closed: true)
        return (path, [ring])
    }

    @Test func anOpaqueFillKeepsItsOutlineOutside() {
        var outlines = GLPitchedFillOutline(hasOutlineColor: false)
        let (path, rings) = square(2, 2.75, 4)
        let red = CanvasColor(r: 1, g: 0, b: 0, a: 1), blue = CanvasColor(r: 0, g: 0, b: 1, a: 1)
        outlines.add(path: path, rings: rings, fill: red, outline: blue)
        #expect(outlines.outlineBelow)
        let canvas = Canvas(width: 10, height: 10)
        outlines.draw(on: canvas, groundScale: { _ in 1 })
        let rgba = canvas.rgba()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 10 + x) * 4..<(y * 10 + x) * 4 + 4]) }
        // The top edge (y = 2.75) is below row 2's centre: a faded outline there, red fill below.
        #expect(pixel(4, 2)[2] > 100 && pixel(4, 2)[0] == 0)
        #expect(pixel(4, 4) == [255, 0, 0, 255])
    }

    @Test func aTranslucentFillOrAnOutlineColourPutsTheOutlineOnTop() {
        let (path, rings) = square(2, 2, 4)
        var translucent = GLPitchedFillOutline(hasOutlineColor: false)
        translucent.add(path: path, rings: rings, fill: CanvasColor(r: 1, g: 0, b: 0, a: 0.5), outline: .black)
        #expect(!translucent.outlineBelow)
        var coloured = GLPitchedFillOutline(hasOutlineColor: true)
        coloured.add(path: path, rings: rings, fill: CanvasColor(r: 1, g: 0, b: 0, a: 1), outline: .black)
        #expect(!coloured.outlineBelow)
    }
}

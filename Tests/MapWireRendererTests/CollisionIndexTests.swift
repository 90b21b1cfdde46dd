@testable import MapWireRenderer
import MapWireStyle
import Testing

@Suite struct CollisionIndexTests {
    func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ScreenBox {
        ScreenBox(minX: x, minY: y, maxX: x + w, maxY: y + h)
    }

    @Test func overlappingBoxesAreRejectedAndSeparateOnesFit() {
        var index = CollisionIndex(width: 512, height: 512)
        index.insert([box(100, 100, 50, 20)])
        #expect(!index.fits([box(140, 110, 50, 20)]))
        #expect(index.fits([box(151, 100, 50, 20)]))
        #expect(index.fits([box(100, 121, 50, 20)]))
        // Any one box of a multi-box symbol is enough to collide.
        #expect(!index.fits([box(0, 0, 10, 10), box(120, 105, 5, 5)]))
    }

    @Test func boxesSpanningManyCellsAndBeyondTheViewportStillCollide() {
        var index = CollisionIndex(width: 256, height: 256, cellSize: 16)
        index.insert([box(-300, 10, 1000, 5)])
        #expect(!index.fits([box(200, 12, 2, 2)]))
        #expect(!index.fits([box(-250, 12, 2, 2)]))
        #expect(index.fits([box(200, 20, 2, 2)]))
        #expect(index.fits([ScreenBox(minX: .nan, minY: .nan, maxX: .nan, maxY: .nan)]))
    }

    @Test func overlapModesDecideWhichPlacedBoxesStandInTheWay() {
        var index = CollisionIndex(width: 512, height: 512)
        index.insert([box(0, 0, 20, 20)], mode: .never)
        index.insert([box(100, 0, 20, 20)], mode: .always)
        index.insert([box(200, 0, 20, 20)], mode: .cooperative)
        let onNever = [box(10, 10, 20, 20)], onAlways = [box(110, 10, 20, 20)], onCooperative = [box(210, 10, 20, 20)]
        // "never" is stopped by any box, "always" by none, "cooperative" only by a "never" one.
        #expect(!index.fits(onNever, mode: .never) && !index.fits(onAlways, mode: .never) && !index.fits(onCooperative, mode: .never))
        #expect(index.fits(onNever, mode: .always) && index.fits(onAlways, mode: .always) && index.fits(onCooperative, mode: .always))
        #expect(!index.fits(onNever, mode: .cooperative) && index.fits(onAlways, mode: .cooperative) && index.fits(onCooperative, mode: .cooperative))
    }

    @Test func overlapPropertiesWinOverTheLegacyAllowOverlap() throws {
        func mode(_ layout: [String: Any]) throws -> OverlapMode {
            let layer = try RenderLayer(json: ["id": "s", "type": "symbol", "source": "s", "layout": layout])
            #expect(layer.problems.isEmpty)
            return OverlapMode(layer, overlap: "text-overlap", allowOverlap: "text-allow-overlap", EvaluationContext(zoom: 0))
        }
        #expect(try mode([:]) == .never)
        #expect(try mode(["text-allow-overlap": true]) == .always)
        #expect(try mode(["text-allow-overlap": true, "text-overlap": "never"]) == .never)
        #expect(try mode(["text-allow-overlap": false, "text-overlap": "cooperative"]) == .cooperative)
        #expect(try mode(["text-overlap": ["step", ["zoom"], "never", 5, "always"]]) == .never)
    }

    @Test func rotatedBoxesAreBoundedByTheirCorners() {
        let turned = ScreenBox.around(pivot: .init(x: 10, y: 10), left: -10, top: -1, right: 10, bottom: 1, rotation: .pi / 2)
        #expect(abs(turned.minX - 9) < 1e-9 && abs(turned.maxX - 11) < 1e-9)
        #expect(abs(turned.minY) < 1e-9 && abs(turned.maxY - 20) < 1e-9)
    }
}

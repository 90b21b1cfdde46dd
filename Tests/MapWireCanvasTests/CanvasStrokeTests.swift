import Testing
@testable import MapWireCanvas

@Suite struct CanvasStrokeTests {
    private func horizontalLine(from x0: Double, to x1: Double, y: Double) -> CanvasPath {
        var path = CanvasPath()
        path.addRing([Point2D(x: x0, y: y), Point2D(x: x1, y: y)], closed: false)
        return path
    }

    @Test func widthCoversHalfOnEachSide() {
        let canvas = Canvas(width: 12, height: 12)
        canvas.stroke(horizontalLine(from: 2, to: 8, y: 6), color: .red, style: StrokeStyle(width: 4))
        let snapshot = PixelSnapshot(canvas)
        for y in 4..<8 { #expect(snapshot[5, y] == .red, "row \(y)") }
        #expect(snapshot[5, 3] == .clear)
        #expect(snapshot[5, 8] == .clear)
    }

    @Test func buttCapsStopAtTheEndsSquareCapsExtendByHalfTheWidth() {
        let butt = Canvas(width: 12, height: 12)
        butt.stroke(horizontalLine(from: 3, to: 8, y: 6), color: .red, style: StrokeStyle(width: 2, cap: .butt))
        let buttPixels = PixelSnapshot(butt)
        #expect(buttPixels[2, 5] == .clear)
        #expect(buttPixels[3, 5] == .red)
        #expect(buttPixels[7, 5] == .red)
        #expect(buttPixels[8, 5] == .clear)

        let square = Canvas(width: 12, height: 12)
        square.stroke(horizontalLine(from: 3, to: 8, y: 6), color: .red, style: StrokeStyle(width: 2, cap: .square))
        let squarePixels = PixelSnapshot(square)
        #expect(squarePixels[2, 5] == .red)
        #expect(squarePixels[8, 5] == .red)
        #expect(squarePixels[1, 5] == .clear)
        #expect(squarePixels[9, 5] == .clear)
    }

    @Test func roundCapsArePartialBeyondTheEnd() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.stroke(horizontalLine(from: 6, to: 14, y: 10), color: .red, style: StrokeStyle(width: 8, cap: .round))
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[3, 10] == .red)  // inside the cap's half disc
        #expect(snapshot[2, 6] == .clear)  // outside the disc, inside a square cap
        #expect(snapshot[2, 6] != snapshot[3, 10])
    }

    @Test func joinsShapeTheOuterCorner() {
        func corner(_ join: LineJoin) -> RGBA {
            let canvas = Canvas(width: 16, height: 16)
            var path = CanvasPath()
            path.addRing([Point2D(x: 2, y: 10), Point2D(x: 10, y: 10), Point2D(x: 10, y: 2)], closed: false)
            canvas.stroke(path, color: .red, style: StrokeStyle(width: 4, join: join))
            return PixelSnapshot(canvas)[11, 11]
        }
        #expect(corner(.miter) == .red)
        #expect(corner(.bevel) == .clear)
        let round = corner(.round)
        #expect(round.a > 0 && round.a < 255)
    }

    @Test func miterLimitBevelsSharpCorners() {
        let canvas = Canvas(width: 40, height: 40)
        var path = CanvasPath()
        // A 20° spike: its miter would reach far past the tip.
        path.addRing([Point2D(x: 2, y: 30), Point2D(x: 30, y: 20), Point2D(x: 2, y: 10)], closed: false)
        canvas.stroke(path, color: .red, style: StrokeStyle(width: 4, miterLimit: 2))
        #expect(PixelSnapshot(canvas)[31, 19] == .clear)
        let long = Canvas(width: 40, height: 40)
        long.stroke(path, color: .red, style: StrokeStyle(width: 4, miterLimit: 20))
        #expect(PixelSnapshot(long)[31, 19] == .red)
    }

    @Test func dashPatternLeavesGaps() {
        let canvas = Canvas(width: 24, height: 6)
        canvas.stroke(horizontalLine(from: 0, to: 24, y: 3), color: .red, style: StrokeStyle(width: 2, dash: [4, 2]))
        let snapshot = PixelSnapshot(canvas)
        let expectedOn = [true, true, true, true, false, false, true, true, true, true, false, false]
        for (x, on) in expectedOn.enumerated() {
            #expect(snapshot[x, 2] == (on ? .red : .clear), "pixel \(x)")
        }
    }

    @Test func dashOffsetShiftsThePattern() {
        let canvas = Canvas(width: 24, height: 6)
        canvas.stroke(
            horizontalLine(from: 0, to: 24, y: 3), color: .red, style: StrokeStyle(width: 2, dash: [4, 2], dashOffset: 1))
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[2, 2] == .red)
        #expect(snapshot[3, 2] == .clear)
        #expect(snapshot[5, 2] == .red)
    }

    @Test func invalidDashDrawsSolidAndKeepsTheCanvasUsable() {
        let canvas = Canvas(width: 12, height: 6)
        canvas.stroke(horizontalLine(from: 0, to: 12, y: 3), color: .red, style: StrokeStyle(width: 2, dash: [0, 0]))
        canvas.stroke(horizontalLine(from: 0, to: 12, y: 3), color: .red, style: StrokeStyle(width: 2, dash: [-1, 2]))
        #expect(canvas.cairoStatus == nil)
        #expect(PixelSnapshot(canvas)[5, 2] == .red)
    }

    @Test func blurFadesTheEdgeWithoutWideningTheLine() {
        let canvas = Canvas(width: 20, height: 24)
        // Width 12 centred on y = 12: edges at 6 and 18; fades over the outer 4 px.
        canvas.stroke(horizontalLine(from: -5, to: 25, y: 12), color: .blue, style: StrokeStyle(width: 12), blur: 4)
        let snapshot = PixelSnapshot(canvas)
        let alphas = (12..<20).map { snapshot[10, $0].a }
        // Distances 0.5 ... 7.5 from the centre line.
        #expect(alphas[0] == 255)
        #expect(alphas[1] == 255)
        // Linear ramp between distance 2 and 6: alpha ≈ (6 - d) / 4.
        for (index, distance) in [(3, 3.5), (4, 4.5), (5, 5.5)] {
            let expected = (6 - distance) / 4 * 255
            #expect(abs(Double(alphas[index]) - expected) < 20, "distance \(distance): \(alphas[index])")
        }
        #expect(alphas[6] == 0)
        #expect(alphas[7] == 0)
        #expect(snapshot[10, 12].b == 255)
        // Symmetric above the line.
        #expect(abs(snapshot[10, 7].a - snapshot[10, 16].a) <= 2)
    }

    @Test func blurWiderThanTheHalfWidthKeepsTheLineFaintAsGLDoes() {
        // GL: alpha = (w/2 + ½ − d) / (blur + 1): a 2 px line blurred by 5 peaks at 1.5 / 6 = 0.25
        // on its centre line, has 1/12 left at d = 1 and nothing from d = 1.5 on.
        let canvas = Canvas(width: 20, height: 20)
        canvas.stroke(horizontalLine(from: -5, to: 25, y: 10.5), color: .blue, style: StrokeStyle(width: 2), blur: 5)
        let snapshot = PixelSnapshot(canvas)
        #expect(abs(snapshot[10, 10].a - 64) <= 12, "centre \(snapshot[10, 10].a)")
        #expect(snapshot[10, 9].a < 40 && snapshot[10, 11].a < 40)
        #expect(snapshot[10, 8].a == 0 && snapshot[10, 12].a == 0)
    }

    @Test func blurredStrokeRampSpreadsItsStrokesOverTheFade() {
        // Inside the line: five equal strokes one px apart make GL's ramp over blur + 1 = 5 px.
        let inside = BlurredStrokeRamp(halfWidth: 6, blur: 4, pixelRatio: 1)
        #expect(inside.strokes.map(\.halfWidth) == [6, 5, 4, 3, 2])
        #expect(inside.strokes.allSatisfy { $0.alpha == 51.0 / 255 })
        // Wider than the half-width: the half-widths 0 and below cannot be stroked; the one at 0
        // would have covered the centre line by half a device px: a quarter-px stroke stands in.
        let faint = BlurredStrokeRamp(halfWidth: 1, blur: 5, pixelRatio: 2)
        #expect(faint.strokes.map(\.halfWidth) == [1, 0.5, 0.125])
        // A stroke of half-width h covers the centre line by min(1, h + ½) device px.
        let centre: Double = faint.strokes.map { $0.alpha * min(1, $0.halfWidth * 2 + 0.5) }.reduce(0, +)
        // GL on the centre line: (1 + 0.25) / (5 + 0.5).
        #expect(abs(centre - 1.25 / 5.5) < 1.0 / 255)
    }

    @Test func blurOfZeroIsAPlainStroke() {
        let a = Canvas(width: 10, height: 10)
        a.stroke(horizontalLine(from: 1, to: 9, y: 5), color: .red, style: StrokeStyle(width: 3), blur: 0)
        let b = Canvas(width: 10, height: 10)
        b.stroke(horizontalLine(from: 1, to: 9, y: 5), color: .red, style: StrokeStyle(width: 3))
        #expect(a.rgba() == b.rgba())
    }
}

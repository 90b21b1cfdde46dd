import Foundation
import MapWireFormats
import Testing
@testable import MapWireCanvas

@Suite struct CanvasImageTests {
    /// `width`×`height` pixels: the left half red, the right half blue.
    private func redBlue(width: Int, height: Int) -> CanvasImage {
        var bytes: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                bytes += x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        return CanvasImage(rgba: bytes, width: width, height: height)
    }

    @Test func aPatternCopiedAtTwiceItsRatioClampsItsEdgesAndBlendsInside() throws {
        // A column: opaque red over transparent, in a sheet whose next row is blue (outside the rect).
        let sheet = CanvasImage(rgba: [255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255], width: 1, height: 3)
        let copy = try #require(sheet.resampled((0, 0, 1, 2), scale: 2))
        #expect(copy.width == 2 && copy.height == 4)
        let rows = stride(from: 0, to: 32, by: 8).map { Array(copy.rgba()[$0..<$0 + 4]) }
        // The outer rows are the edge pixels themselves (no wrap to the other edge, no bleed from the sheet).
        #expect(rows[0] == [255, 0, 0, 255])
        #expect(rows[3] == [0, 0, 0, 0])
        // Inside, a quarter and three quarters of the way between the two pixels.
        #expect(abs(Int(rows[1][3]) - 191) <= 1 && abs(Int(rows[2][3]) - 64) <= 1)
    }

    @Test func imageKeepsStraightPixelsThroughPremultiplication() {
        let bytes: [UInt8] = [255, 0, 0, 255, 10, 200, 30, 128, 0, 0, 0, 0, 40, 80, 120, 255]
        let image = CanvasImage(rgba: bytes, width: 2, height: 2)
        let back = image.rgba()
        for (a, b) in zip(bytes, back) {
            #expect(abs(Int(a) - Int(b)) <= 1)
        }
    }

    @Test func encodedInitDecodesStraightRGBA() throws {
        let png = try ImageEncoder.png(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 255]))
        let image = try CanvasImage(encoded: png)
        #expect(image.width == 2 && image.height == 1)
        #expect(image.rgba() == [255, 0, 0, 255, 0, 255, 0, 255])
        #expect(throws: ImageDecodingError.unknownFormat(leadingBytes: [1, 2, 3])) { try CanvasImage(encoded: Data([1, 2, 3])) }
    }

    @Test func encodedInitTakesJPEGAndWebPToo() throws {
        let opaque = RGBAImage(width: 16, height: 16, pixels: Array([[UInt8]](repeating: [200, 40, 60, 255], count: 256).joined()))
        let fromJPEG = try CanvasImage(encoded: ImageEncoder.jpeg(opaque, quality: 95))
        #expect(fromJPEG.width == 16 && fromJPEG.height == 16)
        #expect(zip(fromJPEG.rgba().prefix(4), [200, 40, 60, 255]).allSatisfy { abs(Int($0) - $1) <= 4 })
        let translucent = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
        let fromWebP = try CanvasImage(encoded: ImageEncoder.webp(translucent, lossless: true))
        #expect(zip(fromWebP.rgba(), translucent.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test func drawScalesIntoTheRectWithOpacity() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.draw(solidImage(.red, width: 2, height: 2), source: nil, into: (2, 2, 4, 4), opacity: 0.5)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[3, 3].isClose(to: RGBA(255, 0, 0, 128), tolerance: 1))
        #expect(snapshot[5, 5].isClose(to: RGBA(255, 0, 0, 128), tolerance: 1))
        #expect(snapshot[1, 1] == .clear)
        #expect(snapshot[6, 6] == .clear)
    }

    @Test func sourceRectDoesNotBleedNeighbouringPixels() {
        let canvas = Canvas(width: 8, height: 8)
        canvas.draw(redBlue(width: 4, height: 2), source: (2, 0, 2, 2), into: (0, 0, 8, 8), opacity: 1)
        let snapshot = PixelSnapshot(canvas)
        for x in 0..<8 {
            #expect(snapshot[x, 4] == .blue, "pixel \(x)")
        }
    }

    @Test func nearestSamplingKeepsHardEdges() {
        let canvas = Canvas(width: 10, height: 2)
        canvas.draw(redBlue(width: 2, height: 1), source: nil, into: (0, 0, 10, 2), opacity: 1, smooth: false)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[4, 0] == .red)
        #expect(snapshot[5, 0] == .blue)
    }

    @Test func rotationTurnsAboutTheRectCentre() {
        let canvas = Canvas(width: 10, height: 10)
        // 10×4 strip centred at (5, 5), turned a quarter clockwise: left half ends on top.
        canvas.draw(redBlue(width: 2, height: 1), source: nil, into: (0, 3, 10, 4), opacity: 1, rotation: .pi / 2, smooth: false)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[5, 1] == .red)
        #expect(snapshot[5, 8] == .blue)
        #expect(snapshot[1, 5] == .clear)
    }

    @Test func quadOfARectangleMatchesDrawIntoRect() {
        let image = redBlue(width: 4, height: 4)
        let viaQuad = Canvas(width: 12, height: 12)
        viaQuad.draw(
            image, toQuad: [Point2D(x: 2, y: 2), Point2D(x: 10, y: 2), Point2D(x: 10, y: 10), Point2D(x: 2, y: 10)],
            opacity: 1, smooth: true)
        let viaRect = Canvas(width: 12, height: 12)
        viaRect.draw(image, source: nil, into: (2, 2, 8, 8), opacity: 1)
        let a = viaQuad.rgba(), b = viaRect.rgba()
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test func trapezoidQuadMapsCornersWithoutASeam() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.draw(
            redBlue(width: 2, height: 2),
            toQuad: [Point2D(x: 2, y: 2), Point2D(x: 18, y: 2), Point2D(x: 14, y: 18), Point2D(x: 6, y: 18)],
            opacity: 1, smooth: false)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[4, 3] == .red)
        #expect(snapshot[16, 3] == .blue)
        #expect(snapshot[7, 16] == .red)
        #expect(snapshot[13, 16] == .blue)
        #expect(snapshot[1, 10] == .clear)
        // Fully opaque along the inner diagonal from top-left to bottom-right.
        for t in stride(from: 0.2, through: 0.8, by: 0.1) {
            let x = Int(2 + 12 * t), y = Int(2 + 16 * t)
            #expect(snapshot[x, y].a == 255, "diagonal pixel \(x),\(y)")
        }
        #expect(canvas.cairoStatus == nil)
    }

    @Test func aQuadIsSplitAlongTheTopRightToBottomLeftDiagonalAsGLSplitsIt() {
        // A 1×10 image: row 0 red, row 1 green, the rest blue, on TL (0,0) TR (100,0) BR (100,100)
        // BL (0,50). Pixel (10, 6) lies in triangle TL–TR–BL, where it samples row 1 (1.3);
        // split along TL–BR it sampled row 0 (0.65).
        let rows: [RGBA] = [.red, .green] + Array(repeating: .blue, count: 8)
        let image = CanvasImage(rgba: rows.flatMap { [UInt8($0.r), UInt8($0.g), UInt8($0.b), UInt8($0.a)] }, width: 1, height: 10)
        let canvas = Canvas(width: 120, height: 120)
        canvas.draw(image, toQuad: [Point2D(x: 0, y: 0), Point2D(x: 100, y: 0), Point2D(x: 100, y: 100), Point2D(x: 0, y: 50)],
                    opacity: 1, smooth: false)
        #expect(PixelSnapshot(canvas)[10, 6] == .green)
    }

    @Test func quadsSharingAnEdgeBetweenPixelsCoverEachPixelOnceWithoutASeam() {
        // Two raster tiles meeting at x = 5.3: GL's triangles have hard edges, so the pixel whose
        // centre (5.5) lies right of the edge is wholly the right tile's; nothing shows through.
        let canvas = Canvas(width: 10, height: 4)
        canvas.draw(solidImage(.red, width: 2, height: 2),
                    toQuad: [Point2D(x: 0, y: 0), Point2D(x: 5.3, y: 0), Point2D(x: 5.3, y: 4), Point2D(x: 0, y: 4)],
                    opacity: 1, smooth: true)
        canvas.draw(solidImage(.blue, width: 2, height: 2),
                    toQuad: [Point2D(x: 5.3, y: 0), Point2D(x: 10, y: 0), Point2D(x: 10, y: 4), Point2D(x: 5.3, y: 4)],
                    opacity: 1, smooth: true)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[4, 2] == .red)
        #expect(snapshot[5, 2] == .blue)
        #expect((0..<10).allSatisfy { snapshot[$0, 1].a == 255 })
    }

    @Test func degenerateQuadDrawsNothing() {
        let canvas = Canvas(width: 10, height: 10)
        let p = Point2D(x: 3, y: 3)
        canvas.draw(solidImage(.red, width: 2, height: 2), toQuad: [p, p, p, p], opacity: 1, smooth: true)
        #expect(canvas.rgba().allSatisfy { $0 == 0 })
        #expect(canvas.cairoStatus == nil)
    }

    @Test func patternFillRepeatsFromTheOrigin() {
        // 2×2 checker: red on the diagonal.
        let checker = CanvasImage(
            rgba: [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255], width: 2, height: 2)
        let canvas = Canvas(width: 8, height: 8)
        canvas.fill(
            rectanglePath(x: 0, y: 0, width: 8, height: 8), pattern: checker, source: (0, 0, 2, 2),
            patternPixelRatio: 1, opacity: 1, origin: Point2D(x: 1, y: 0))
        let snapshot = PixelSnapshot(canvas)
        for y in 0..<8 {
            for x in 0..<8 {
                let red = (x - 1 + y) % 2 == 0
                #expect(snapshot[x, y] == (red ? .red : .blue), "pixel \(x),\(y)")
            }
        }
    }

    @Test func patternUsesOnlyTheSourceRectAndItsPixelRatio() {
        // A sheet with a red icon (0,0,2,2) and a green one (2,0,2,2).
        var sheet: [UInt8] = []
        for _ in 0..<2 {
            sheet += [255, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255]
        }
        let image = CanvasImage(rgba: sheet, width: 4, height: 2)
        let canvas = Canvas(width: 6, height: 6)
        canvas.fill(
            rectanglePath(x: 1, y: 1, width: 4, height: 4), pattern: image, source: (2, 0, 2, 2),
            patternPixelRatio: 2, opacity: 0.5, origin: Point2D(x: 0, y: 0))
        let snapshot = PixelSnapshot(canvas)
        for x in 1..<5 {
            #expect(snapshot[x, 2].isClose(to: RGBA(0, 255, 0, 128), tolerance: 1), "pixel \(x)")
        }
        #expect(snapshot[0, 0] == .clear)
    }

    @Test func canvasSnapshotImageRoundTrips() {
        let canvas = Canvas(width: 3, height: 3)
        canvas.clear(CanvasColor(r: 0.5, g: 0.25, b: 1, a: 0.5))
        #expect(canvas.makeImage().rgba() == canvas.rgba())
    }
}

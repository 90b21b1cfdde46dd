import Testing
@testable import MapEngine
import MapWireGeometry

/// Screen-space hit-testing of annotations (PROTOCOL.md 7.10). The camera looks at (0, 0) at zoom 10 on a
/// 512 × 512 viewport unless a test says otherwise: 1° of longitude ≈ 1456 px (512 px tiles), the centre at (256, 256).
@Suite struct AnnotationHitTestTests {
    static let size = ViewportSize(width: 512, height: 512)

    func hitTest(bearing: Double = 0, pitch: Double = 0, center: LngLat = LngLat(longitude: 0, latitude: 0)) -> AnnotationHitTest {
        AnnotationHitTest(transform: Transform(camera: Camera(center: center, zoom: 10, bearing: bearing, pitch: pitch), size: Self.size))
    }

    func pin(_ id: String, _ at: LngLat) -> Annotation { Annotation(id: id, shape: .point(at, image: nil)) }

    func square(_ id: String, _ west: Double, _ south: Double, _ east: Double, _ north: Double, holes: [[LngLat]] = []) -> Annotation {
        let outer = [LngLat(longitude: west, latitude: south), LngLat(longitude: east, latitude: south),
                     LngLat(longitude: east, latitude: north), LngLat(longitude: west, latitude: north)]
        return Annotation(id: id, shape: .polygon(outer: outer, holes: holes))
    }

    func ring(_ west: Double, _ south: Double, _ east: Double, _ north: Double) -> [LngLat] {
        [LngLat(longitude: west, latitude: south), LngLat(longitude: east, latitude: south),
         LngLat(longitude: east, latitude: north), LngLat(longitude: west, latitude: north)]
    }

    @Test func aPinIsHitInsideItsBoxAboveTheCoordinate() {
        let t = hitTest()
        let pins = [pin("p", LngLat(longitude: 0, latitude: 0))]
        // 20 × 30 px, bottom centre at (256, 256).
        for (x, y) in [(256.0, 255.0), (256, 227), (265.9, 250), (246.1, 250)] { #expect(t.topmost(at: ScreenPoint(x: x, y: y), in: pins) == "p") }
        for (x, y) in [(256.0, 258.0), (256, 225), (267, 250), (245, 250)] { #expect(t.topmost(at: ScreenPoint(x: x, y: y), in: pins) == nil) }
        // Taps and the box are both in points (logical px), whatever the pixel ratio the frames are drawn at.
    }

    @Test func bearingAndPitchPutThePinWhereTheCameraShowsIt() {
        // The ground under a screen point, by the transform's own inverse; a pin there is hit just above it.
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 10, bearing: 30, pitch: 50)
        let ground = Transform(camera: camera, size: Self.size).groundCoordinate(screenX: 300, screenY: 150)
        let pins = [pin("p", ground)]
        let tilted = hitTest(bearing: 30, pitch: 50)
        #expect(tilted.topmost(at: ScreenPoint(x: 300, y: 140), in: pins) == "p")
        #expect(tilted.topmost(at: ScreenPoint(x: 300, y: 160), in: pins) == nil)
        // Without the pitch (or the bearing) the same pin is somewhere else.
        #expect(hitTest(bearing: 30).topmost(at: ScreenPoint(x: 300, y: 140), in: pins) == nil)
        #expect(hitTest(pitch: 50).topmost(at: ScreenPoint(x: 300, y: 140), in: pins) == nil)
    }

    @Test func aPolygonFollowsTheBearing() {
        // At bearing 90 the top of the screen faces east.
        let area = [square("a", 0.05, -0.05, 0.15, 0.05)]
        #expect(hitTest().topmost(at: ScreenPoint(x: 400, y: 256), in: area) == "a")
        #expect(hitTest(bearing: 90).topmost(at: ScreenPoint(x: 400, y: 256), in: area) == nil)
        #expect(hitTest(bearing: 90).topmost(at: ScreenPoint(x: 256, y: 112), in: area) == "a")
    }

    @Test func theTopmostOfOverlappingAnnotationsWins() {
        let t = hitTest()
        let below = square("below", -0.1, -0.1, 0.1, 0.1), above = square("above", 0, -0.1, 0.2, 0.1)
        let point = ScreenPoint(x: 300, y: 256), onlyBelow = ScreenPoint(x: 220, y: 256)
        #expect(t.topmost(at: point, in: [below, above]) == "above")
        #expect(t.topmost(at: point, in: [above, below]) == "below")
        #expect(t.topmost(at: onlyBelow, in: [below, above]) == "below")
        // A pin added last is on top of both.
        #expect(t.topmost(at: ScreenPoint(x: 256, y: 250), in: [below, above, pin("pin", LngLat(longitude: 0, latitude: 0))]) == "pin")
    }

    @Test func aTapInAHoleMissesThePolygonEvenOdd() {
        let t = hitTest()
        let holed = square("holed", -0.2, -0.2, 0.2, 0.2, holes: [ring(-0.05, -0.05, 0.05, 0.05)])
        #expect(t.topmost(at: ScreenPoint(x: 256, y: 256), in: [holed]) == nil)
        #expect(t.topmost(at: ScreenPoint(x: 256 + 0.1 * 1456, y: 256), in: [holed]) == "holed")
        #expect(t.topmost(at: ScreenPoint(x: 256 + 0.3 * 1456, y: 256), in: [holed]) == nil)
        // An island in the hole, even added below, is hit there.
        let island = square("island", -0.02, -0.02, 0.02, 0.02)
        #expect(t.topmost(at: ScreenPoint(x: 256, y: 256), in: [island, holed]) == "island")
    }

    @Test func aLineIsHitWithinHalfItsWidthPlusFourPixels() {
        let line = [Annotation(id: "l", shape: .polyline([LngLat(longitude: -0.2, latitude: 0), LngLat(longitude: 0.2, latitude: 0)]))]
        // 3-point width: 1.5 + 4 = 5.5 points either side (taps are in points at any pixel ratio).
        #expect(hitTest().topmost(at: ScreenPoint(x: 300, y: 261.4), in: line) == "l")
        #expect(hitTest().topmost(at: ScreenPoint(x: 300, y: 250.6), in: line) == "l")
        #expect(hitTest().topmost(at: ScreenPoint(x: 300, y: 261.7), in: line) == nil)
        // Beyond its end, the distance is to the end point.
        let end = 256 + 0.2 * 1456.36
        #expect(hitTest().topmost(at: ScreenPoint(x: end + 5, y: 256), in: line) == "l")
        #expect(hitTest().topmost(at: ScreenPoint(x: end + 6, y: 256), in: line) == nil)
    }

    @Test func aShapeAcrossTheAntimeridianIsTestedOnTheCopyNearTheCamera() {
        let t = hitTest(center: LngLat(longitude: 179.9, latitude: 0))
        // -179.95 is 0.15° east of 179.9: about 218 px right of the centre.
        #expect(t.topmost(at: ScreenPoint(x: 256 + 218, y: 250), in: [pin("p", LngLat(longitude: -179.95, latitude: 0))]) == "p")
    }
}

/// The checks an annotation passes before the store takes it.
@Suite struct AnnotationValidationTests {
    func refusal(_ shape: AnnotationShape, id: String = "a") -> String? {
        do { _ = try AnnotationValidation.validated(Annotation(id: id, shape: shape)); return nil } catch { return error.message }
    }

    func points(_ p: [(Double, Double)]) -> [LngLat] { p.map { LngLat(longitude: $0.0, latitude: $0.1) } }

    @Test func ringsAreOpenedAndDoubledCoordinatesDropped() throws {
        let a = try AnnotationValidation.validated(Annotation(id: "a", shape: .polygon(
            outer: points([(0, 0), (1, 0), (1, 0), (1, 1), (0, 0)]), holes: [])))
        #expect(a.shape == .polygon(outer: points([(0, 0), (1, 0), (1, 1)]), holes: []))
    }

    @Test func selfIntersectingRingsAreRefused() {
        #expect(refusal(.polygon(outer: points([(0, 0), (2, 2), (2, 0), (0, 2)]), holes: [])) == "annotation \"a\": the outer ring intersects itself (edges 1 and 3)")
        // A ring touching itself at a vertex, and one folding back along an edge.
        #expect(refusal(.polygon(outer: points([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2), (1, 1)]), holes: []))?.contains("intersects itself") == true)
        #expect(refusal(.polygon(outer: points([(0, 0), (2, 0), (1, 0), (1, 1)]), holes: []))?.contains("intersects itself") == true)
        #expect(refusal(.polygon(outer: points([(0, 0), (2, 0), (2, 2), (0, 2)]), holes: [])) == nil)
    }

    @Test func coordinatesMustBeOnTheGlobe() {
        #expect(refusal(.point(LngLat(longitude: 180, latitude: 90), image: nil)) == nil)
        #expect(refusal(.point(LngLat(longitude: -180.01, latitude: 0), image: nil))?.contains("off the globe") == true)
        #expect(refusal(.polyline(points([(0, 0), (0, .infinity)])))?.contains("off the globe") == true)
        #expect(refusal(.polyline(points([(0, 0)]))) == "annotation \"a\": a polyline needs at least 2 coordinates (got 1)")
    }

    @Test func tooManyCoordinatesAreRefused() {
        let long = (0...AnnotationValidation.maxCoordinates).map { LngLat(longitude: Double($0) / 100, latitude: 0) }
        #expect(refusal(.polyline(long))?.contains("more than 4096 coordinates") == true)
    }
}

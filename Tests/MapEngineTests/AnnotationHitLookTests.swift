import Testing
@testable import MapEngine
import MapWireGeometry

/// Hit-testing with the delegate's answers (PROTOCOL.md 7.10): a point's real image box, a line's width, and
/// shapes that are not enabled. The camera looks at (0, 0) at zoom 10 on 512 × 512 (1° ≈ 1456 px).
@Suite struct AnnotationHitLookTests {
    static let t = AnnotationHitTest(transform: Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 10),
                                                          size: ViewportSize(width: 512, height: 512)))
    static let pin = Annotation(id: "p", shape: .point(LngLat(longitude: 0, latitude: 0), image: nil))
    static let line = Annotation(id: "l", shape: .polyline([LngLat(longitude: -0.1, latitude: 0), LngLat(longitude: 0.1, latitude: 0)]))
    static let area = Annotation(id: "a", shape: .polygon(outer: [LngLat(longitude: -0.05, latitude: -0.05), LngLat(longitude: 0.05, latitude: -0.05),
                                                                 LngLat(longitude: 0.05, latitude: 0.05), LngLat(longitude: -0.05, latitude: 0.05)],
                                                         holes: []))

    @Test func aPointIsHitInItsImagesBox() {
        let tall = AnnotationHitTest.HitLook(pointWidth: 10, pointHeight: 80)
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 190), in: [Self.pin]) == nil, "above the 30-point pin")
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 190), in: [Self.pin], look: { _ in tall }) == "p")
        #expect(Self.t.topmost(at: ScreenPoint(x: 264, y: 250), in: [Self.pin], look: { _ in tall }) == nil, "outside its 10-point width")
    }

    @Test func aLineIsHitWithinHalfItsWidthPlusTheTolerance() {
        let wide = AnnotationHitTest.HitLook(lineWidth: 20)
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 269), in: [Self.line]) == nil)
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 269), in: [Self.line], look: { _ in wide }) == "l")
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 271), in: [Self.line], look: { _ in wide }) == nil)
    }

    @Test func aShapeThatIsNotEnabledIsNeverHit() {
        let off = AnnotationHitTest.HitLook(shapeEnabled: false)
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 256), in: [Self.line, Self.area]) == "a")
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 256), in: [Self.line, Self.area], look: { $0.id == "a" ? off : .init() }) == "l",
                "the disabled polygon on top lets the tap reach the line below")
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 256), in: [Self.line, Self.area], look: { _ in off }) == nil)
        // shape_enabled is a shape question: a point stays tappable.
        #expect(Self.t.topmost(at: ScreenPoint(x: 256, y: 250), in: [Self.pin], look: { _ in off }) == "p")
    }
}

import Testing
@testable import MapEngine
import MapWireGeometry

/// The callout bubble's layout (PROTOCOL.md 7.10): pure, from a tip point, its text and the viewport.
@Suite struct CalloutLayoutTests {
    static let size = ViewportSize(width: 512, height: 512)

    @Test func theBubbleSitsCentredAboveItsTip() {
        let layout = CalloutLayout.layout(CalloutText(title: "Coffee"), tip: ScreenPoint(x: 256, y: 226), in: Self.size)
        #expect(abs(layout.bubble.x + layout.bubble.width / 2 - 256) < 1e-9)
        #expect(layout.bubble.y + layout.bubble.height == 226 - CalloutLayout.tailHeight)
        #expect(layout.tail == ScreenPoint(x: 256, y: 226))
        #expect(layout.leftAccessory == nil && layout.rightAccessory == nil)
        // A subtitle makes it taller; longer text makes it wider.
        let two = CalloutLayout.layout(CalloutText(title: "Coffee", subtitle: "Open until six in the evening"),
                                       tip: ScreenPoint(x: 256, y: 226), in: Self.size)
        #expect(two.bubble.height > layout.bubble.height)
        #expect(two.bubble.width > layout.bubble.width)
    }

    @Test func accessoriesAreSquaresAtTheEnds() throws {
        let text = CalloutText(title: "Coffee", leftAccessory: "★", rightAccessory: "i")
        let layout = CalloutLayout.layout(text, tip: ScreenPoint(x: 256, y: 300), in: Self.size)
        let left = try #require(layout.leftAccessory), right = try #require(layout.rightAccessory)
        #expect(left.width == left.height && left.height == layout.bubble.height && left.x == layout.bubble.x)
        #expect(right.x + right.width == layout.bubble.x + layout.bubble.width)
        let withoutThem = CalloutLayout.layout(CalloutText(title: "Coffee"), tip: ScreenPoint(x: 256, y: 300), in: Self.size)
        #expect(layout.bubble.width == withoutThem.bubble.width + 2 * layout.bubble.height)
        #expect(layout.part(at: ScreenPoint(x: left.x + 2, y: left.y + 2)) == .leftAccessory)
        #expect(layout.part(at: ScreenPoint(x: right.x + right.width - 2, y: right.y + 2)) == .rightAccessory)
        #expect(layout.part(at: ScreenPoint(x: 256, y: layout.bubble.y + 2)) == .bubble)
        #expect(layout.part(at: ScreenPoint(x: 256, y: layout.bubble.y - 2)) == nil)
    }

    @Test func theBubbleStaysInsideTheViewport() {
        let text = CalloutText(title: "A rather long title for a small corner", subtitle: "and a subtitle")
        for tip in [ScreenPoint(x: 2, y: 5), ScreenPoint(x: 510, y: 5), ScreenPoint(x: -100, y: 600), ScreenPoint(x: 600, y: 256)] {
            let b = CalloutLayout.layout(text, tip: tip, in: Self.size).bubble
            #expect(b.x >= 0 && b.y >= 0 && b.x + b.width <= 512 && b.y + b.height <= 512, "tip \(tip)")
        }
        // Text wider than the viewport is cut to it.
        let wide = CalloutLayout.layout(CalloutText(title: String(repeating: "W", count: 500)), tip: ScreenPoint(x: 256, y: 256), in: Self.size)
        #expect(wide.bubble.width == 512 - 2 * CalloutLayout.margin)
        // A tiny viewport still gives a bubble (its minimum width), placed at the margin.
        let tiny = CalloutLayout.layout(CalloutText(title: "x"), tip: ScreenPoint(x: 5, y: 5), in: ViewportSize(width: 10, height: 10))
        #expect(tiny.bubble.x == CalloutLayout.margin)
    }

    @Test func wideCharactersCountDouble() {
        #expect(CalloutLayout.estimatedWidth("東", fontSize: 10) == 2 * CalloutLayout.estimatedWidth("a", fontSize: 10))
    }

    @Test func followPuckPutsTheLocationAtTheAnchorPoint() throws {
        let fix = UserLocation(coordinate: LngLat(longitude: 11.58, latitude: 48.14))
        let current = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 12)
        let camera = try #require(ViewportStates.targetCamera(for: .followPuck(FollowPuckOptions(zoom: 12, pitch: 0, bearing: .none)),
                                                              location: fix, current: current, size: Self.size,
                                                              puckAnchor: ScreenPoint(x: 256, y: 400)))
        let at = AnnotationHitTest(transform: Transform(camera: camera, size: Self.size)).screenPoint(of: fix.coordinate)
        #expect(abs(at.x - 256) < 0.01 && abs(at.y - 400) < 0.01)
    }
}

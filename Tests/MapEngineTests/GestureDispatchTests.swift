import MapEngine
import MapWireGeometry
import Testing

@Suite struct GestureDispatchTests {
    static let marker = GestureClaim(owner: "marker", region: ScreenRect(x: 100, y: 100, width: 50, height: 50),
                                     kinds: [.tap, .longPress])
    static let panel = GestureClaim(owner: "panel", region: ScreenRect(x: 0, y: 0, width: 400, height: 300),
                                    kinds: [.tap, .pan])
    static let elsewhere = GestureClaim(owner: "elsewhere", region: ScreenRect(x: 600, y: 400, width: 100, height: 100),
                                        kinds: Set(GestureKind.allCases))
    static let claims = [marker, panel, elsewhere]
    static let insideBoth = ScreenPoint(x: 120, y: 120)

    @Test func claimantsInListOrderThenDelegate() {
        let dispatch = GestureDispatch(gesture: .tap(at: Self.insideBoth), claims: Self.claims, hasDelegate: true)
        #expect(dispatch.order == [.claimant(owner: "marker"), .claimant(owner: "panel"), .delegate])
        #expect(dispatch.step == .ask(.claimant(owner: "marker")))
    }

    @Test func aGestureTakenByASubviewAsksNobody() {
        let dispatch = GestureDispatch(gesture: .tap(at: Self.insideBoth), claims: Self.claims, hasDelegate: true, takenBySubview: true)
        #expect(dispatch.order.isEmpty)
        #expect(dispatch.step == .finished)
    }

    @Test func onlyClaimsForTheKindAndLocationCount() {
        let pan = GestureDispatch(gesture: .pan(translation: ScreenPoint(x: 5, y: 0), at: Self.insideBoth),
                                  claims: Self.claims, hasDelegate: false)
        #expect(pan.order == [.claimant(owner: "panel")])
        let outside = GestureDispatch(gesture: .tap(at: ScreenPoint(x: 500, y: 350)), claims: Self.claims, hasDelegate: false)
        #expect(outside.order.isEmpty && outside.step == .runDefault)
        // The right and bottom edges are outside (half-open rectangles).
        let edge = GestureDispatch(gesture: .tap(at: ScreenPoint(x: 400, y: 10)), claims: [Self.panel], hasDelegate: false)
        #expect(edge.order.isEmpty)
    }

    @Test func handledStopsTheChain() {
        var dispatch = GestureDispatch(gesture: .tap(at: Self.insideBoth), claims: Self.claims, hasDelegate: true)
        dispatch.record(.handled)
        #expect(dispatch.step == .finished)
        dispatch.record(.notHandled)
        #expect(dispatch.step == .finished)
    }

    @Test func notHandledWalksOnToTheDefault() {
        var dispatch = GestureDispatch(gesture: .tap(at: Self.insideBoth), claims: Self.claims, hasDelegate: true)
        var asked: [GestureHandler] = []
        while case .ask(let handler) = dispatch.step {
            asked.append(handler)
            dispatch.record(.notHandled)
        }
        #expect(asked == [.claimant(owner: "marker"), .claimant(owner: "panel"), .delegate])
        #expect(dispatch.step == .runDefault)
    }

    @Test func delegateCanAskForTheDefaultToo() {
        var dispatch = GestureDispatch(gesture: .pinch(scale: 1.1, at: Self.insideBoth), claims: Self.claims, hasDelegate: true)
        #expect(dispatch.step == .ask(.delegate))
        dispatch.record(.handledAndRunDefault)
        #expect(dispatch.step == .runDefault)
    }

    @Test func noDelegateNoClaimsMeansDefault() {
        let dispatch = GestureDispatch(gesture: .doubleTap(at: Self.insideBoth), claims: [], hasDelegate: false)
        #expect(dispatch.step == .runDefault)
    }

    @Test func everyKindIsReportedByItsGesture() {
        let p = ScreenPoint(x: 1, y: 2), v = ScreenPoint(x: 3, y: 4)
        let gestures: [Gesture] = [.tap(at: p), .doubleTap(at: p), .longPress(at: p), .pan(translation: v, at: p),
                                   .pinch(scale: 2, at: p), .rotation(degrees: 5, at: p),
                                   .twoFingerPan(translation: v, at: p), .twoFingerTap(at: p)]
        #expect(gestures.map(\.kind) == GestureKind.allCases)
        #expect(gestures.allSatisfy { $0.location == p })
    }
}

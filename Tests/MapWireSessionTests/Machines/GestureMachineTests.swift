import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol
import Testing
@testable import MapWireSession

/// The gesture chain alone, one step at a time: no session, plugins or clock.
@Suite struct GestureMachineTests {
    let client = Data([1])
    let claimantConnection = Data([9])

    func context(delegate: Bool = false, veto: Bool = false, claimants: [String: Data] = [:],
                 subview: String? = nil) -> GestureMachine.Context {
        GestureMachine.Context(
            camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 4), size: ViewportSize(width: 512, height: 512),
            hasDelegate: delegate, hasVeto: veto, claimantIdentity: { claimants[$0] }, offerToSubviews: { _, _ in subview })
    }

    func tap(_ x: Double = 100, _ y: Double = 100) -> Mapwire_V1_Gesture {
        .with { $0.kind = .tap; $0.location = .with { $0.x = x; $0.y = y } }
    }

    func pan(_ phase: Mapwire_V1_GesturePhase, dx: Double = 10) -> Mapwire_V1_Gesture {
        .with { $0.kind = .pan; $0.phase = phase; $0.translation = .with { $0.x = dx } }
    }

    func finished(_ step: GestureMachine.Step?) -> Mapwire_V1_GestureEvent? {
        if case .finished(let event, _, _, _)? = step { event } else { nil }
    }

    @Test func aDoubleTapWithNobodyToAskRunsTheDefaultAndFinishes() throws {
        var m = GestureMachine()
        try m.enqueue(.with { $0.kind = .doubleTap; $0.location = .with { $0.x = 256; $0.y = 256 } }, commandID: 5, from: client)
        let c = context()
        #expect(m.next(c) == .begin(.doubleTap))
        guard case .applyCamera(let camera)? = m.next(c) else { Issue.record("no camera applied"); return }
        #expect(camera.zoom == 5)
        guard case .finished(let event, let ends, let to, let id)? = m.next(c) else { Issue.record("not finished"); return }
        #expect(event.handledBy == "default")
        #expect(ends == .doubleTap)
        #expect(to == client)
        #expect(id == 5)
        #expect(m.next(c) == nil)
        #expect(!m.isBusy)
    }

    @Test func theDelegateIsAskedAndItsAnswerLabelsTheEvent() throws {
        var m = GestureMachine()
        try m.enqueue(tap(), commandID: 1, from: client)
        let c = context(delegate: true)
        #expect(m.next(c) == .begin(.tap))
        #expect(m.next(c) == .ask(claimant: nil, tap()))
        // Waiting: nothing to do until the answer to request 42 comes; another id is not it.
        m.waiting(for: 42)
        #expect(m.next(c) == nil)
        #expect(m.answered(41, .handled, label: "delegate:x") == false)
        #expect(m.answered(42, .handled, label: "delegate:x") == true)
        #expect(finished(m.next(c))?.handledBy == "delegate:x")
    }

    @Test func gesturesGoThroughTheChainOneAtATimeInOrder() throws {
        var m = GestureMachine()
        try m.enqueue(pan(.began), commandID: 1, from: client)
        try m.enqueue(pan(.changed), commandID: 2, from: client)
        let c = context(delegate: true)
        #expect(m.next(c) == .begin(.pan))
        #expect(m.next(c) == .ask(claimant: nil, pan(.began)))
        m.waiting(for: 7)
        #expect(m.next(c) == nil)
        #expect(m.answered(7, .handled, label: "delegate:d") == true)
        guard case .finished(_, _, _, let first)? = m.next(c) else { Issue.record("first not finished"); return }
        #expect(first == 1)
        #expect(m.next(c) == .ask(claimant: nil, pan(.changed)))
    }

    @Test func aClaimantIsAskedFirstAndSkippedWhenItLeft() throws {
        var m = GestureMachine()
        #expect(m.claim(.with { $0.region = .with { $0.width = 512; $0.height = 512 }; $0.kinds = [.tap] }, owner: "p") == nil)
        try m.enqueue(tap(), commandID: 1, from: client)
        let present = context(claimants: ["p": claimantConnection])
        _ = m.next(present)
        #expect(m.next(present) == .ask(claimant: .init(id: "p", identity: claimantConnection), tap()))
        m.waiting(for: 3)
        #expect(m.answered(3, .notHandled, label: "") == true)
        // Not handled by the claimant and no delegate: the default (a tap moves nothing) and the end.
        #expect(finished(m.next(present))?.handledBy == "none")

        try m.enqueue(tap(), commandID: 2, from: client)
        let gone = context()
        _ = m.next(gone)
        #expect(finished(m.next(gone))?.handledBy == "none")
    }

    @Test func theVetoKeepsTheCameraAndSaysSo() throws {
        var m = GestureMachine()
        try m.enqueue(pan(.began), commandID: 1, from: client)
        let c = context(veto: true)
        _ = m.next(c)
        guard case .askVeto? = m.next(c) else { Issue.record("the veto was not asked"); return }
        m.waiting(for: 11)
        #expect(m.vetoDecided(11, allow: false) == true)
        #expect(finished(m.next(c))?.cameraVetoed == true)
    }

    @Test func aTapTakenByASubviewIsNotOfferedToTheChain() throws {
        var m = GestureMachine()
        try m.enqueue(tap(), commandID: 1, from: client)
        let c = context(delegate: true, subview: "pin")
        #expect(m.next(c) == .begin(.tap))
        #expect(finished(m.next(c))?.handledBy == "annotation:pin")
    }

    @Test func badGesturesAndBadClaimsAreRefused() throws {
        var m = GestureMachine()
        #expect(throws: MapCommandError.self) { try m.enqueue(.with { $0.kind = .pinch }, commandID: 1, from: client) }
        #expect(throws: MapCommandError.self) { try m.enqueue(.with { $0.kind = .tap; $0.location = .with { $0.x = .nan } }, commandID: 1, from: client) }
        #expect(m.claim(.with { $0.region = .with { $0.width = 1; $0.height = 1 }; $0.kinds = [.tap] }, owner: nil) != nil)
        #expect(m.claim(.with { $0.region = .with { $0.width = -1; $0.height = 1 }; $0.kinds = [.tap] }, owner: "p") != nil)
        #expect(m.claim(.with { $0.region = .with { $0.width = 1; $0.height = 1 } }, owner: "p") != nil)
        #expect(m.claims.isEmpty)
    }

    @Test func theQueueHasALimit() throws {
        var m = GestureMachine()
        for i in 0..<GestureMachine.queueLimit { try m.enqueue(tap(), commandID: UInt64(i), from: client) }
        #expect(throws: MapCommandError.self) { try m.enqueue(tap(), commandID: 0, from: client) }
    }
}

import Foundation
import Logging
@testable import MapEngine
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Frames alone: when the next one is due, how it is drawn, what a frame nobody drew says, and who waits
/// for a full frame.
@Suite struct FrameMachineTests {
    let client = Data([4])

    func machine(now: Int64 = 0) -> FrameMachine {
        FrameMachine(intervalMillis: 16, renderTimeoutMillis: 10_000, now: now, logger: Logger(label: "test"))
    }

    func refusals(_ outputs: [FrameMachine.Output]) -> [UInt64] {
        outputs.compactMap { if case .refuse(let id, _, _) = $0 { id } else { nil } }
    }

    func answers(_ outputs: [FrameMachine.Output]) -> [UInt64] {
        outputs.compactMap { if case .answer(let id, _, _) = $0 { id } else { nil } }
    }

    func drawn(full: Bool, loadingGlyphs: Bool = false) -> DrawnFrame {
        DrawnFrame(frame: FrameStart(full: full), loadingGlyphs: loadingGlyphs, unusedImages: [])
    }

    @Test func framesAreCoalescedAndPacedByTheInterval() {
        var m = machine(now: 100)
        m.frameNeeded(now: 105)
        m.frameNeeded(now: 110)
        #expect(m.nextDeadline(now: 110, glyphsLoading: false) == 116)
        #expect(m.takeDue(now: 115, glyphsLoading: false) == false)
        #expect(m.takeDue(now: 116, glyphsLoading: false) == true)
        #expect(m.nextDeadline(now: 116, glyphsLoading: false) == nil)
        // While one is drawn, the next waits for it.
        m.frameNeeded(now: 120)
        guard case .draw(let job) = m.plan(FrameStart(full: true), rendererPresent: true, now: 120) else { Issue.record("not drawn"); return }
        m.drawing(job, as: 9)
        #expect(m.nextDeadline(now: 140, glyphsLoading: false) == nil)
        m.ended()
        #expect(m.nextDeadline(now: 140, glyphsLoading: false) == 132)
    }

    @Test func glyphsTheRendererAskedForHoldTheNextFrameALittle() {
        var m = machine()
        guard case .draw(let job) = m.plan(FrameStart(full: true), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        _ = m.drawn(job, drawn(full: false, loadingGlyphs: true), .init(), now: 100)
        m.frameNeeded(now: 100)
        #expect(m.nextDeadline(now: 100, glyphsLoading: true) == 100 + FrameMachine.glyphWaitMillis)
        #expect(m.nextDeadline(now: 100, glyphsLoading: false) == 100)
        #expect(m.takeDue(now: 120, glyphsLoading: true) == false)
        #expect(m.takeDue(now: 150, glyphsLoading: true) == true)
    }

    @Test func aSnapshotWaitsForAFullFrameAndIsAnsweredWithItsImage() {
        var m = machine()
        m.queue(.with { $0.returnImage = true }, commandID: 5, from: client)
        // A partial frame does not take it.
        guard case .draw(let partial) = m.plan(FrameStart(full: false), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        #expect(partial.snapshot == nil)
        guard case .draw(let job) = m.plan(FrameStart(full: true), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        #expect(job.snapshot?.commandID == 5)
        // Drawn partial after all (glyphs missing): it waits for the next full one.
        #expect(answers(m.drawn(job, drawn(full: false), .init(), now: 0)).isEmpty)
        guard case .draw(let again) = m.plan(FrameStart(full: true), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        let outputs = m.drawn(again, drawn(full: true), .with { $0.png = Data([1]); $0.width = 8 }, now: 0)
        #expect(answers(outputs) == [5])
        #expect(outputs.contains { if case .answer(_, _, let s) = $0 { s.png == Data([1]) && s.width == 8 } else { false } })
    }

    @Test func aStyleThatFailedRefusesEverySnapshotWaiting() {
        var m = machine()
        m.queue(.init(), commandID: 1, from: client)
        m.queue(.init(), commandID: 2, from: client)
        #expect(refusals(m.failSnapshots("the style failed")) == [1, 2])
        #expect(m.failSnapshots("again").isEmpty)
    }

    @Test func aFailedRendererIsReportedOncePerLossAndItsFramesArePartial() {
        var m = machine()
        m.lastRendererGone(.heartbeatTimeout)
        guard case .notDrawn(let first) = m.plan(FrameStart(full: true), rendererPresent: false, now: 0) else { Issue.record("drawn"); return }
        #expect(first.contains { if case .publish(.mapLoadingError(let e)) = $0 { e.type == .renderer } else { false } })
        #expect(first.contains { if case .finish(let f, _, _) = $0 { !f.full } else { false } })
        guard case .notDrawn(let second) = m.plan(FrameStart(full: true), rendererPresent: false, now: 0) else { Issue.record("drawn"); return }
        #expect(!second.contains { if case .publish = $0 { true } else { false } })
        // A renderer that registers ends the loss; one that leaves by goodbye means nobody draws, on purpose.
        #expect(m.rendererRegistered() == true)
        #expect(m.rendererRegistered() == false)
        m.lastRendererGone(.goodbye)
        guard case .drawnByNobody = m.plan(FrameStart(full: true), rendererPresent: false, now: 0) else { Issue.record("not by nobody"); return }
    }

    @Test func aFrameNoRendererAnsweredIsDrawnAgainAndKeepsItsSnapshot() {
        var m = machine()
        m.queue(.init(), commandID: 3, from: client)
        guard case .draw(let job) = m.plan(FrameStart(full: true), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        let outputs = m.abandoned(job, "no answer", rendererPresent: true)
        #expect(outputs.contains { if case .finish(_, let again, _) = $0 { again } else { false } })
        #expect(refusals(outputs).isEmpty)
        guard case .draw(let next) = m.plan(FrameStart(full: true), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        #expect(next.snapshot?.commandID == 3)
    }

    @Test func viewsOfTheMapsFrameAreAnsweredByTheLastImageOrTheNextFullFrame() {
        var m = machine()
        // Nothing drawn yet: it waits, and a frame is asked for.
        let first = m.takeMapFrameView(commandID: 1, from: client, timeoutMillis: 1000, mapIdle: true, now: 0)
        #expect(first.outputs.isEmpty && first.needsFrame)
        guard case .draw(let job) = m.plan(FrameStart(full: true), rendererPresent: true, now: 0) else { Issue.record("not drawn"); return }
        #expect(job.returnsImage)
        m.drawing(job, as: 1)
        // A frame with its image is under way: no other is asked for.
        #expect(!m.takeMapFrameView(commandID: 2, from: client, timeoutMillis: 1000, mapIdle: true, now: 0).needsFrame)
        m.ended()
        #expect(answers(m.drawn(job, drawn(full: true), .with { $0.png = Data([7]) }, now: 0)) == [1, 2])
        // Idle since: the last image answers at once.
        #expect(answers(m.takeMapFrameView(commandID: 3, from: client, timeoutMillis: 1000, mapIdle: true, now: 10).outputs) == [3])
        // A view nobody answers in time fails.
        _ = m.takeMapFrameView(commandID: 4, from: client, timeoutMillis: 100, mapIdle: false, now: 10)
        #expect(refusals(m.expireMapFrameViews(now: 110)) == [4])
    }

    @Test func anUnusableResourceIsReportedOncePerStyle() {
        var m = machine()
        let tile = Mapwire_V1_RenderResource.with { $0.key = "t1"; $0.kind = .tile; $0.sourceID = "roads" }
        let bad = [Mapwire_V1_UnusableResource.with { $0.key = "t1"; $0.message = "not a tile" }]
        #expect(m.unusable(bad, among: [tile]).count == 1)
        #expect(m.unusable(bad, among: [tile]).isEmpty)
        m.styleStarted()
        #expect(m.unusable(bad, among: [tile]).count == 1)
    }
}

import Foundation
import MapEngine
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Views alone: validation, waiting for tiles, deadlines, redraws for glyphs, answers.
@Suite struct ViewMachineTests {
    let client = Data([3])

    func view(width: UInt32 = 256, zoom: Double = 3, timeoutMs: UInt32 = 0) -> Mapwire_V1_RenderView {
        .with {
            $0.camera = .with { $0.width = width; $0.height = 256; $0.zoom = zoom; $0.center = .with { $0.longitude = 1; $0.latitude = 2 } }
            $0.timeoutMs = timeoutMs
        }
    }

    func take(_ m: inout ViewMachine, _ v: Mapwire_V1_RenderView, renderer: Bool = true, now: Int64 = 0) -> Result<UInt64, MapCommandError> {
        m.take(v, commandID: 7, from: client, mapPixelRatio: 2, defaultTimeoutMillis: 1000, rendererPresent: renderer, now: now)
    }

    @Test func badViewsAreRefusedBeforeAnythingIsKept() {
        var m = ViewMachine()
        for bad in [view(width: 0), view(width: 9000), view(zoom: 25), view(zoom: .nan)] {
            guard case .failure(let error) = take(&m, bad) else { Issue.record("taken: \(bad)"); continue }
            #expect(error.reason == .invalidArgument)
        }
        guard case .failure(let error) = take(&m, view(), renderer: false) else { Issue.record("taken without a renderer"); return }
        #expect(error.reason == .refusedInState)
        #expect(m.jobs.isEmpty)
    }

    @Test func aViewWaitsForItsTilesThenDrawsAndIsAnsweredOnce() throws {
        var m = ViewMachine()
        let id = try take(&m, view()).get()
        #expect(m.jobs[id]?.pixelRatio == 2)
        #expect(m.advance(now: 10, glyphsLoading: false) { _, _ in .loading }.isEmpty)
        let outputs = m.advance(now: 20, glyphsLoading: false) { _, _ in .ready }
        guard case .draw(let drawn, let job)? = outputs.first else { Issue.record("not drawn"); return }
        #expect(drawn == id)
        #expect(job.cameraState.width == 256)
        m.drawing(id, as: 99)
        // While a renderer draws it, nothing else happens to it.
        #expect(m.advance(now: 30, glyphsLoading: false) { _, _ in .ready }.isEmpty)
        let answer = m.answered(id, .answered(.renderResult(.with { $0.width = 256; $0.height = 256 })), loadingGlyphs: false)
        guard case .answer(_, let answered, let result)? = answer.first else { Issue.record("not answered"); return }
        #expect(answered.commandID == 7)
        #expect(result.width == 256)
        #expect(m.jobs.isEmpty)
    }

    @Test func aViewWhoseLabelsLackedGlyphsIsDrawnAgainAFewTimesAtMost() throws {
        var m = ViewMachine()
        let id = try take(&m, view()).get()
        for draw in 1...(ViewMachine.maxRedraws + 1) {
            _ = m.advance(now: 1, glyphsLoading: false) { _, _ in .ready }
            m.drawing(id, as: UInt64(draw))
            let outputs = m.answered(id, .answered(.renderResult(.init())), loadingGlyphs: true)
            if draw <= ViewMachine.maxRedraws { #expect(outputs.isEmpty) } else { #expect(outputs.count == 1) }
        }
        #expect(m.jobs.isEmpty)
    }

    @Test func aViewPastItsDeadlineFailsAndNamesWhy() throws {
        var m = ViewMachine()
        let waiting = try take(&m, view(timeoutMs: 100)).get()
        let drawing = try take(&m, view(timeoutMs: 100)).get()
        _ = m.advance(now: 0, glyphsLoading: false) { id, _ in id == drawing ? .ready : .loading }
        m.drawing(drawing, as: 5)
        #expect(m.earliestDeadline == 100)
        let outputs = m.advance(now: 100, glyphsLoading: false) { _, _ in .ready }
        let failures = outputs.compactMap { if case .fail(let id, let job, let error) = $0 { (id, job.requestID, error.message) } else { nil } }
        #expect(failures.map(\.0) == [waiting, drawing])
        #expect(failures[0].2.contains("tiles"))
        #expect(failures[1].1 == 5)
        #expect(failures[1].2.contains("renderer"))
    }

    @Test func aRendererErrorOrNoAnswerFailsTheView() throws {
        var m = ViewMachine()
        let a = try take(&m, view()).get()
        let b = try take(&m, view()).get()
        let failedA = m.answered(a, .answered(.renderResult(.with { $0.error = "out of memory" })), loadingGlyphs: false)
        guard case .fail(_, _, let error)? = failedA.first else { Issue.record("not failed"); return }
        #expect(error.message.contains("out of memory"))
        guard case .fail? = m.answered(b, .unanswered("timed out"), loadingGlyphs: false).first else { Issue.record("not failed"); return }
        #expect(m.jobs.isEmpty)
    }

    @Test func anOverlayIsKeyedByItsContent() throws {
        var v = view()
        v.overlay = .with { $0.annotations = [.with { $0.annotation = .with { $0.point = .with { $0.coordinate = .with { $0.longitude = 1 } } } }] }
        let first = try #require(try ViewMachine.overlay(of: v))
        let second = try #require(try ViewMachine.overlay(of: v))
        #expect(first.key == second.key)
        v.overlay.annotations[0].annotation.point.coordinate.latitude = 95
        #expect(throws: MapCommandError.self) { try ViewMachine.overlay(of: v) }
    }
}

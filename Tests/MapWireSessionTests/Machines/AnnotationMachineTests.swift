import Foundation
import Logging
import MapEngine
import MapWireGeometry
import MapWireProtocol
import Testing
@testable import MapWireSession

/// The annotation machine alone: what each call asks of the session, with no session, plugins or clock.
@Suite struct AnnotationMachineTests {
    typealias A = AnnotationTests

    func machine(batchBytes: Int = 1 << 20) -> AnnotationMachine {
        AnnotationMachine(tint: "#007AFF", batchBytes: batchBytes, logger: Logger(label: "test"))
    }

    /// The camera at (0, 0) zoom 10 on 512 × 512, with no style images.
    let scene = AnnotationMachine.Scene(
        transform: Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 10), size: ViewportSize(width: 512, height: 512)),
        size: ViewportSize(width: 512, height: 512), styleImageSize: { _ in nil })

    func add(_ m: inout AnnotationMachine, _ annotations: Mapwire_V1_Annotation..., delegate: Bool = false) throws -> [AnnotationMachine.Output] {
        try m.add(.with { $0.annotations = annotations }, delegatePresent: delegate)
    }

    func described(_ outputs: [AnnotationMachine.Output]) -> [[String]] {
        outputs.compactMap { if case .describe(let batch) = $0 { batch.map(\.id) } else { nil } }
    }

    @Test func addingWithoutADelegateOnlyRepaints() throws {
        var m = machine()
        let outputs = try add(&m, A.point("shop", 0, 0))
        #expect(outputs == [.repaint])
        #expect(m.store.drawable.map(\.id) == ["shop"])
    }

    @Test func addingWithADelegateAsksInBatchesUnderTheByteBudget() throws {
        var m = machine(batchBytes: 1024)
        let many = (0..<60).map { A.point("p\($0)", 0, 0) }
        let outputs = try m.add(.with { $0.annotations = many }, delegatePresent: true)
        let batches = described(outputs)
        #expect(batches.count > 1)
        #expect(batches.flatMap { $0 } == many.map(\.id))
        #expect(outputs.last == .repaint)
        // Asked annotations are not drawn until answered.
        #expect(m.store.drawable.isEmpty)
        _ = m.described(batches[0], .unanswered("deadline"))
        #expect(m.store.drawable.count == batches[0].count)
    }

    @Test func aBadAnswerFallsBackToTheDefaultsAndRepaints() throws {
        var m = machine()
        _ = try add(&m, A.point("shop", 0, 0), delegate: true)
        let answer = Mapwire_V1_PluginReply.OneOf_Kind.annotationDescriptions(.with {
            $0.descriptions = [.with { $0.id = "shop"; $0.fillColor = "not a colour"; $0.alpha = 0.5 },
                               .with { $0.id = "stranger"; $0.alpha = 0.1 }]
        })
        let outputs = m.described(["shop"], .answered(answer))
        #expect(outputs == [.repaint])
        let look = try #require(m.store.appearance(of: "shop"))
        #expect(look.fillColor == "#007AFF")
        #expect(look.alpha == 0.5)
        #expect(m.store.annotation("stranger") == nil)
    }

    @Test func aTapSelectsTheAnnotationUnderItAndAnEmptyTapDeselects() throws {
        var m = machine()
        _ = try add(&m, A.square)
        // The square spans screen x ≈ 329...474 around the middle row.
        let hit = m.offerTap(.tap(at: ScreenPoint(x: 400, y: 256)), commandID: 7, in: scene)
        #expect(hit.taken == "area")
        #expect(hit.outputs.contains(.publish(.didSelectAnnotation(.with { $0.id = "area" }), causedBy: 7)))
        let miss = m.offerTap(.tap(at: ScreenPoint(x: 20, y: 20)), commandID: 8, in: scene)
        #expect(miss.taken == nil)
        #expect(miss.outputs == [.repaint, .publish(.didDeselectAnnotation(.with { $0.id = "area" }), causedBy: 8)])
        // Only taps are offered to the annotations.
        let pan = m.offerTap(.pan(translation: ScreenPoint(x: 1, y: 1), at: ScreenPoint(x: 400, y: 256)), commandID: 9, in: scene)
        #expect(pan.taken == nil)
    }

    @Test func aFrameAnnouncesEachAnnotationOnceWhenDrawn() throws {
        var m = machine()
        _ = try add(&m, A.point("shop", 0, 0))
        m.frameBegan()
        m.frameNotDrawn()
        m.frameBegan()
        let announced = m.frameDrawn()
        #expect(announced == [.publish(.didAddAnnotationViews(.with { $0.ids = ["shop"] }), causedBy: nil)])
        m.frameBegan()
        let again = m.frameDrawn()
        #expect(again.isEmpty)
    }

    @Test func theOverlayKeepsItsKeyUntilItsBytesChange() throws {
        var m = machine()
        let none = m.overlayResource()
        #expect(none == nil)
        _ = try add(&m, A.point("shop", 0, 0))
        let built = m.overlayResource()
        let first = try #require(built)
        let again = m.overlayResource()
        #expect(again?.key == first.key)
        _ = try m.select(.with { $0.id = "shop" })
        let rebuilt = m.overlayResource()
        let selected = try #require(rebuilt)
        #expect(selected.key != first.key)
        // Deselected and selected again between two frames: the same bytes, so the same key.
        _ = try m.deselect(.with { $0.id = "shop" })
        _ = try m.select(.with { $0.id = "shop" })
        let reselected = m.overlayResource()
        #expect(reselected?.key == selected.key)
    }

    @Test func unknownIDsAreRefusedWithTheirName() throws {
        var m = machine()
        #expect(throws: MapCommandError.self) { try m.select(.with { $0.id = "ghost" }) }
        #expect(throws: MapCommandError.self) { try m.remove(.with { $0.ids = ["ghost"] }) }
    }
}

import Testing
@testable import MapEngine
import MapWireGeometry

/// The store's share of the annotation delegate (PROTOCOL.md 7.10): annotations being asked about wait to be
/// drawn, answers are kept per annotation and forgotten with it, and the revision moves with what is drawn.
@Suite struct AnnotationStoreAnswerTests {
    static func pin(_ id: String) -> Annotation { Annotation(id: id, title: id, shape: .point(LngLat(longitude: 0, latitude: 0), image: nil)) }

    @Test func annotationsBeingAskedAboutWaitForTheirAnswerToBeDrawn() throws {
        var store = AnnotationStore()
        try store.add([Self.pin("a"), Self.pin("b")])
        store.beginAsking(["b", "unknown"])
        #expect(store.asking == ["b"])
        #expect(store.drawable.map(\.id) == ["a"])
        store.frameBegan()
        #expect(store.frameDrawn() == ["a"])
        store.answered("b", AnnotationAppearance(strokeColor: "red", fillColor: "red"))
        #expect(store.drawable.map(\.id) == ["a", "b"])
        store.frameBegan()
        #expect(store.frameDrawn() == ["b"], "announced with the first frame that shows it")
        #expect(store.appearance(of: "b")?.fillColor == "red")
        #expect(store.appearance(of: "a") == nil, "never asked: the defaults")
    }

    @Test func annotationsAlreadyShownStayDrawnWhileAskedAgain() throws {
        var store = AnnotationStore()
        try store.add([Self.pin("a")])
        store.frameBegan()
        _ = store.frameDrawn()
        try store.add([Self.pin("b")])
        store.beginAsking(["a", "b"])
        #expect(store.asking == ["b"])
        #expect(store.drawable.map(\.id) == ["a"])
    }

    @Test func answersAreForgottenWithTheirAnnotationAndLateOnesIgnored() throws {
        var store = AnnotationStore()
        try store.add([Self.pin("a")])
        store.beginAsking(["a"])
        _ = try store.remove(["a"])
        #expect(store.asking.isEmpty)
        store.answered("a", AnnotationAppearance(strokeColor: "red", fillColor: "red"))
        #expect(store.appearance(of: "a") == nil)
        try store.add([Self.pin("a")])
        #expect(store.appearance(of: "a") == nil, "a new annotation with the old id starts with the defaults")
    }

    @Test func theRevisionMovesWithWhatIsDrawnOnly() throws {
        var store = AnnotationStore()
        var last = store.revision
        func moved() -> Bool { defer { last = store.revision }; return store.revision != last }
        try store.add([Self.pin("a")])
        #expect(moved())
        _ = try store.select("a")
        #expect(moved())
        _ = try store.select("a")
        #expect(!moved(), "selecting the selected one changes nothing")
        store.frameBegan()
        _ = store.frameDrawn()
        #expect(!moved(), "drawing a frame changes nothing drawn")
        store.answered("a", nil)
        #expect(moved())
        _ = store.deselectAll()
        #expect(moved())
        _ = store.deselectAll()
        #expect(!moved())
    }

    @Test func aShapeSelectedByATapKeepsWhereItWasTapped() throws {
        var store = AnnotationStore()
        let area = Annotation(id: "area", shape: .polygon(outer: [LngLat(longitude: 0, latitude: 0), LngLat(longitude: 1, latitude: 0),
                                                                  LngLat(longitude: 1, latitude: 1)], holes: []))
        try store.add([area])
        _ = try store.select("area", tip: LngLat(longitude: 0.7, latitude: 0.2))
        #expect(store.selectedTip == LngLat(longitude: 0.7, latitude: 0.2))
        _ = store.deselectAll()
        #expect(store.selectedTip == nil)
    }
}

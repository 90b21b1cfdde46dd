import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Annotations in the session (PROTOCOL.md 7.10): the store's refusals, selection and its events, taps
/// offered to annotations before the gesture chain, and did-add-annotation-views after the first drawn
/// frame. The camera looks at (0, 0) at zoom 10 on a 512 × 512 viewport: 1° of longitude ≈ 1456 px (512 px tiles).
@Suite struct AnnotationTests {
    static func lngLat(_ lon: Double, _ lat: Double) -> Mapwire_V1_LngLat { .with { $0.longitude = lon; $0.latitude = lat } }
    static func ring(_ points: [(Double, Double)]) -> [Mapwire_V1_LngLat] { points.map { lngLat($0.0, $0.1) } }

    static func point(_ id: String, _ lon: Double, _ lat: Double) -> Mapwire_V1_Annotation {
        .with { $0.id = id; $0.title = "T \(id)"; $0.point = .with { $0.coordinate = lngLat(lon, lat) } }
    }

    /// A square east of the centre: 0.05...0.15 °E, 0.05 °S...0.05 °N (screen x ≈ 329...474).
    static let square = Mapwire_V1_Annotation.with {
        $0.id = "area"
        $0.polygon = .with { $0.outer = ring([(0.05, -0.05), (0.15, -0.05), (0.15, 0.05), (0.05, 0.05), (0.05, -0.05)]) }
    }

    static func add(_ annotations: Mapwire_V1_Annotation...) -> Mapwire_V1_Command.OneOf_Kind {
        .addAnnotations(.with { $0.annotations = annotations })
    }

    static func tap(_ x: Double, _ y: Double) -> Mapwire_V1_Command.OneOf_Kind {
        .gesture(.with { $0.kind = .tap; $0.location = .with { $0.x = x; $0.y = y } })
    }

    func centred() -> SessionHarness {
        let h = SessionHarness()
        h.command(.setCamera(.with { $0.center = Self.lngLat(0, 0); $0.zoom = 10 }))
        return h
    }

    func selectionEvents(_ h: SessionHarness) -> [String] {
        h.published.compactMap {
            switch $0.payload {
            case .didSelectAnnotation(let e): "select \(e.id)"
            case .didDeselectAnnotation(let e): "deselect \(e.id)"
            default: nil
            }
        }
    }

    func refusal(_ h: SessionHarness, _ kind: Mapwire_V1_Command.OneOf_Kind) throws -> String {
        let reply = try #require(h.command(kind))
        #expect(!reply.ok)
        return reply.error
    }

    // MARK: The store

    @Test func addedAnnotationsAreListedInOrderWithTheirShapes() throws {
        let h = centred()
        let line = Mapwire_V1_Annotation.with { $0.id = "route"; $0.polyline = .with { $0.coordinates = Self.ring([(0, 0), (1, 1)]) } }
        #expect(try #require(h.command(Self.add(Self.point("shop", 0, 0), Self.square, line))).ok)
        let list = try #require(h.command(.getAnnotations(.init()))?.annotations)
        #expect(list.annotations.map(\.id) == ["shop", "area", "route"])
        #expect(list.annotations[0].title == "T shop")
        // The ring is stored open: its repeated closing coordinate is dropped.
        #expect(list.annotations[1].polygon.outer.count == 4)
        #expect(list.selectedID == "")
    }

    @Test func badAnnotationsAreRefusedWithTheirReasonAndNothingIsAdded() throws {
        let h = centred()
        h.command(Self.add(Self.point("shop", 0, 0)))
        #expect(try refusal(h, Self.add(Self.point("shop", 1, 1))).contains("already exists"))
        #expect(try refusal(h, Self.add(Self.point("a", 1, 1), Self.point("a", 2, 2))).contains("appears twice"))
        #expect(try refusal(h, Self.add(Self.point("", 1, 1))).contains("needs an id"))
        #expect(try refusal(h, Self.add(Self.point("x\n", 1, 1))).contains("control character"))
        #expect(try refusal(h, Self.add(Self.point("far", 181, 0))).contains("off the globe"))
        #expect(try refusal(h, Self.add(Self.point("nan", .nan, 0))).contains("off the globe"))
        #expect(try refusal(h, Self.add(Self.point("pole", 0, -90.5))).contains("off the globe"))
        #expect(try refusal(h, Self.add(.with { $0.id = "nothing" })).contains("no kind"))
        #expect(try refusal(h, Self.add(.with { $0.id = "p"; $0.point = .init() })).contains("needs a coordinate"))
        #expect(try refusal(h, Self.add(.with { $0.id = "l"; $0.polyline = .with { $0.coordinates = Self.ring([(0, 0)]) } }))
            .contains("at least 2 coordinates"))
        #expect(try refusal(h, Self.add(.with { $0.id = "e"; $0.polygon = .init() })).contains("outer ring is empty"))
        #expect(try refusal(h, Self.add(.with { $0.id = "flat"; $0.polygon = .with { $0.outer = Self.ring([(0, 0), (1, 1), (0, 0)]) } }))
            .contains("at least 3 distinct"))
        let bowtie = Self.ring([(0, 0), (1, 1), (1, 0), (0, 1)])
        #expect(try refusal(h, Self.add(.with { $0.id = "bow"; $0.polygon = .with { $0.outer = bowtie } })).contains("outer ring intersects itself"))
        let badHole = Mapwire_V1_Annotation.with {
            $0.id = "holed"
            $0.polygon = .with { $0.outer = Self.ring([(0, 0), (4, 0), (4, 4), (0, 4)]); $0.holes = [.with { $0.coordinates = bowtie }] }
        }
        #expect(try refusal(h, Self.add(badHole)).contains("hole 1 intersects itself"))
        // A bad annotation anywhere in a batch refuses the whole batch.
        #expect(try refusal(h, Self.add(Self.point("good", 1, 1), Self.point("bad", 0, 95))).contains("\"bad\""))
        #expect(try #require(h.command(.getAnnotations(.init()))?.annotations).annotations.map(\.id) == ["shop"])
        #expect(try refusal(h, .addAnnotations(.init())).contains("at least one"))
    }

    @Test func unknownIdsAreRefusedAsNotFound() throws {
        let h = centred()
        for kind: Mapwire_V1_Command.OneOf_Kind in [.removeAnnotations(.with { $0.ids = ["ghost"] }), .selectAnnotation(.with { $0.id = "ghost" }),
                                                     .deselectAnnotation(.with { $0.id = "ghost" })] {
            let reply = try #require(h.command(kind))
            #expect(!reply.ok && reply.error == "no annotation with id \"ghost\"" && reply.errorCode == .notFound)
        }
    }

    // MARK: Selection

    @Test func selectingAnotherDeselectsTheFirstAndRemovingTheSelectedDeselectsIt() throws {
        let h = centred()
        h.command(Self.add(Self.point("a", 0, 0), Self.point("b", 0.5, 0)))
        h.command(.selectAnnotation(.with { $0.id = "a" }))
        h.command(.selectAnnotation(.with { $0.id = "a" }))
        h.command(.selectAnnotation(.with { $0.id = "b" }))
        #expect(try #require(h.command(.getAnnotations(.init()))?.annotations).selectedID == "b")
        h.command(.deselectAnnotation(.with { $0.id = "a" }))
        h.command(.removeAnnotations(.with { $0.ids = ["b"] }))
        #expect(selectionEvents(h) == ["select a", "deselect a", "select b", "deselect b"])
        let list = try #require(h.command(.getAnnotations(.init()))?.annotations)
        #expect(list.selectedID == "" && list.annotations.map(\.id) == ["a"])
        // The events carry the command that caused them.
        #expect(h.published.last?.causationID == h.lastCommandID - 1)
    }

    @Test func aTapSelectsTheAnnotationUnderItAndGoesNoFurther() throws {
        let h = centred()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(Self.add(Self.square, Self.point("shop", 0, 0)))
        // The pin's box: 20 × 30 px above the coordinate at the centre (256, 256).
        #expect(try #require(h.command(Self.tap(256, 240))).ok)
        #expect(delegate.unanswered.isEmpty, "an annotation took the tap: the delegate is not asked")
        guard case .gesture(let gesture) = h.events("gesture").last else { Issue.record("no gesture event"); return }
        #expect(gesture.handledBy == "annotation:shop")
        // The polygon: the point is deselected first.
        #expect(try #require(h.command(Self.tap(400, 256))).ok)
        #expect(selectionEvents(h) == ["select shop", "deselect shop", "select area"])
        // The selection events come before the gesture event, caused by the tap.
        let topics = h.topics.suffix(3)
        #expect(Array(topics) == ["did-deselect-annotation", "did-select-annotation", "gesture"])
        #expect(h.published.suffix(3).allSatisfy { $0.causationID == h.lastCommandID })
    }

    @Test func aTapOnTheEmptyMapDeselectsThenGoesDownTheChain() throws {
        let h = centred()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(Self.add(Self.point("shop", 0, 0)))
        h.command(.selectAnnotation(.with { $0.id = "shop" }))
        let client = h.client()
        #expect(h.command(Self.tap(100, 100), from: client) == nil, "the reply waits for the delegate")
        #expect(selectionEvents(h) == ["select shop", "deselect shop"])
        let ask = try #require(delegate.unanswered.first)
        delegate.reply(ask, .gestureAnswer(.with { $0.answer = .notHandled }))
        guard case .gesture(let gesture) = h.events("gesture").last else { Issue.record("no gesture event"); return }
        #expect(gesture.handledBy == "none")
        // A second tap on the empty map has nothing to deselect.
        h.command(Self.tap(100, 100))
        delegate.reply(try #require(delegate.unanswered.first), .gestureAnswer(.with { $0.answer = .notHandled }))
        #expect(selectionEvents(h).count == 2)
    }

    @Test func otherGestureKindsAreNotOfferedToAnnotations() throws {
        let h = centred()
        h.command(Self.add(Self.point("shop", 0, 0)))
        h.command(.gesture(.with { $0.kind = .longPress; $0.location = .with { $0.x = 256; $0.y = 240 } }))
        #expect(selectionEvents(h).isEmpty)
    }

    @Test func aTapFollowsTheCameraBearing() throws {
        let h = centred()
        // At bearing 90 the top of the screen faces east: the square east of the centre is above it.
        h.command(.setCamera(.with { $0.bearing = 90 }))
        h.command(Self.add(Self.square))
        h.command(Self.tap(400, 256))
        #expect(selectionEvents(h).isEmpty)
        h.command(Self.tap(256, 112))
        #expect(selectionEvents(h) == ["select area"])
    }

    // MARK: did-add-annotation-views

    @Test func viewsAreAnnouncedOnceAfterTheFirstDrawnFrame() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(Self.add(Self.point("a", 0, 0), Self.point("b", 1, 1)))
        #expect(h.events("did-add-annotation-views").isEmpty, "not before a frame is drawn")
        h.advance(until: { !renderer.frames.isEmpty })
        let frame = try #require(renderer.frames.first)
        // Added while the frame is drawn: not part of it.
        h.command(Self.add(Self.point("c", 2, 2)))
        #expect(h.events("did-add-annotation-views").isEmpty)
        renderer.answerFrame(frame)
        #expect(h.events("did-add-annotation-views") == [.didAddAnnotationViews(.with { $0.ids = ["a", "b"] })])
        // Announced just before the frame's render-frame-finished.
        let index = try #require(h.topics.lastIndex(of: "did-add-annotation-views"))
        #expect(h.topics[index + 1] == "render-frame-finished")
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first))
        #expect(h.events("did-add-annotation-views").count == 2)
        #expect(h.events("did-add-annotation-views").last == .didAddAnnotationViews(.with { $0.ids = ["c"] }))
    }

    @Test func aFrameNotDrawnPassesItsAnnotationsToTheNext() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(Self.add(Self.point("a", 0, 0)))
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first)) { $0.error = "out of memory" }
        #expect(h.events("did-add-annotation-views").isEmpty)
        // The next change draws again; the annotation is announced with that frame.
        h.command(Self.add(Self.point("b", 1, 1)))
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first))
        #expect(h.events("did-add-annotation-views") == [.didAddAnnotationViews(.with { $0.ids = ["a", "b"] })])
    }

    @Test func removedBeforeItsFrameItIsNeverAnnounced() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(Self.add(Self.point("a", 0, 0), Self.point("b", 1, 1)))
        h.command(.removeAnnotations(.with { $0.ids = ["a"] }))
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first))
        #expect(h.events("did-add-annotation-views") == [.didAddAnnotationViews(.with { $0.ids = ["b"] })])
    }
}

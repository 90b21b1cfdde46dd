import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// The annotation delegate in the session (PROTOCOL.md 7.10): questions once per annotation in batches with
/// the 50 ms deadline and MGLMapViewDelegate's defaults, what frames carry (the overlay resource, the puck, the callout),
/// taps on callouts, image-sized hit boxes, and the user-location anchor point. Time is the harness's clock.
@Suite struct AnnotationDelegateTests {
    typealias A = AnnotationTests

    /// A loaded map with a renderer (its first frame drawn), the camera at (0, 0) zoom 10 on 512 × 512.
    func loaded(_ configure: (inout SessionConfiguration) -> Void = { _ in }) throws -> (SessionHarness, FakePlugin, FakePlugin) {
        let (h, loader, renderer) = loadedWithRenderer(configure)
        renderer.answerFrame(try #require(renderer.frames.first))
        h.command(.setCamera(.with { $0.center = A.lngLat(0, 0); $0.zoom = 10 }))
        _ = drawNext(h, renderer, loader)
        return (h, loader, renderer)
    }

    /// Waits for the next frame, answers it, and returns what the renderer was sent.
    @discardableResult
    func drawNext(_ h: SessionHarness, _ renderer: FakePlugin, _ loader: FakePlugin) -> Mapwire_V1_RenderFrame? {
        h.advance(until: { loader.answerAllLoads(); return !renderer.frames.isEmpty }, limit: 3000)
        guard let request = renderer.frames.last else { return nil }
        renderer.answerFrame(request)
        loader.answerAllLoads()
        return request.renderFrame
    }

    func questions(_ delegate: FakePlugin) -> [Mapwire_V1_PluginRequest] {
        delegate.requests.filter { if case .describeAnnotations = $0.kind { true } else { false } }
    }

    func overlay(_ frame: Mapwire_V1_RenderFrame?) -> (key: String, included: Bool, overlay: Mapwire_V1_AnnotationOverlay)? {
        guard let resource = frame?.resources.first(where: { $0.kind == .annotations }) else { return nil }
        return (resource.key, resource.dataIncluded, (try? Mapwire_V1_AnnotationOverlay(serializedBytes: resource.data)) ?? .init())
    }

    func describe(_ delegate: FakePlugin, _ request: Mapwire_V1_PluginRequest, _ descriptions: [Mapwire_V1_AnnotationDescription]) {
        delegate.reply(request, .annotationDescriptions(.with { $0.descriptions = descriptions }))
    }

    func screenPoint(_ at: LngLat, camera: Camera) -> ScreenPoint {
        AnnotationHitTest(transform: Transform(camera: camera, size: ViewportSize(width: 512, height: 512))).screenPoint(of: at)
    }

    // MARK: Questions and defaults

    @Test func unansweredQuestionsTakeTheDefaultsAfterTheDeadline() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        h.command(A.add(A.point("shop", 0, 0), A.square))
        let asked = try #require(questions(delegate).first)
        #expect(asked.describeAnnotations.annotations.map(\.id) == ["shop", "area"])
        // While asked, they are not drawn.
        let waiting = drawNext(h, renderer, loader)
        #expect(overlay(waiting) == nil)
        #expect(h.events("did-add-annotation-views").isEmpty)
        h.advance(51)
        let frame = drawNext(h, renderer, loader)
        let drawn = try #require(overlay(frame)).overlay.annotations
        #expect(drawn.map(\.annotation.id) == ["shop", "area"])
        for a in drawn {
            #expect(a.strokeColor == "#007AFF" && a.fillColor == "#007AFF" && a.alpha == 1 && a.lineWidth == 3 && !a.hasImage)
        }
        #expect(h.events("did-add-annotation-views") == [.didAddAnnotationViews(.with { $0.ids = ["shop", "area"] })])
        #expect(h.log.messages.contains { $0.contains("no annotation delegate answer: defaults used") })
    }

    @Test func withoutADelegateTheDefaultsComeAtOnceInTheConfiguredTint() throws {
        let (h, loader, renderer) = try loaded { $0.annotationTint = "rgb(200, 0, 0)" }
        h.command(A.add(A.square))
        let drawn = try #require(overlay(drawNext(h, renderer, loader))).overlay.annotations
        #expect(drawn.first?.fillColor == "rgb(200, 0, 0)")
    }

    @Test func answersAreAskedOnceAndKeptAcrossFrames() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        h.command(A.add(A.square))
        let asked = try #require(questions(delegate).first)
        describe(delegate, asked, [.with { $0.id = "area"; $0.fillColor = "#ff0000"; $0.strokeColor = "black"; $0.alpha = 0.5; $0.lineWidth = 6 }])
        let first = try #require(overlay(drawNext(h, renderer, loader)))
        let area = try #require(first.overlay.annotations.first)
        #expect(area.fillColor == "#ff0000" && area.strokeColor == "black" && area.alpha == 0.5 && area.lineWidth == 6)
        #expect(first.included)
        // More frames (camera moves): no more questions, the same key, the bytes not sent again.
        for zoom in [10.5, 11, 11.5] {
            h.command(.setCamera(.with { $0.zoom = zoom }))
            let later = try #require(overlay(drawNext(h, renderer, loader)))
            #expect(later.key == first.key)
            #expect(!later.included)
        }
        #expect(questions(delegate).count == 1)
        // A change (selection) changes the key and sends the bytes.
        h.command(.selectAnnotation(.with { $0.id = "area" }))
        let selected = try #require(overlay(drawNext(h, renderer, loader)))
        #expect(selected.key != first.key && selected.included)
        #expect(selected.overlay.annotations.first?.selected == true)
        // Back to the same content: not sent again for nothing, even with a new key.
        h.command(.deselectAnnotation(.with { $0.id = "area" }))
        #expect(overlay(drawNext(h, renderer, loader))?.overlay.annotations.first?.selected == false)
    }

    @Test func theOverlayIsLeftOutWhenThereAreNoAnnotations() throws {
        let (h, loader, renderer) = try loaded()
        h.command(A.add(A.point("a", 0, 0)))
        #expect(overlay(drawNext(h, renderer, loader)) != nil)
        h.command(.removeAnnotations(.with { $0.ids = ["a"] }))
        let frame = try #require(drawNext(h, renderer, loader))
        #expect(overlay(frame) == nil)
    }

    @Test func attributesReachTheDelegateAndBadOnesAreRefused() throws {
        let (h, _, _) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        var park = A.square
        park.attributes = ["kind": "park", "name": "Grant"]
        #expect(h.command(A.add(park))?.ok == true)
        #expect(questions(delegate).first?.describeAnnotations.annotations.first?.attributes == ["kind": "park", "name": "Grant"])
        var tooMany = A.point("many", 0, 0)
        tooMany.attributes = Dictionary(uniqueKeysWithValues: (0...64).map { ("k\($0)", "v") })
        let refused = try #require(h.command(A.add(tooMany)))
        #expect(!refused.ok && refused.error == "annotation \"many\": more than 64 attributes (got 65)")
        var emptyKey = A.point("empty", 0, 0)
        emptyKey.attributes = ["": "v"]
        #expect(h.command(A.add(emptyKey))?.error == "annotation \"empty\": an attribute key is empty")
        #expect(questions(delegate).count == 1, "nothing refused is asked about")
    }

    @Test func largeAdditionsAreAskedInBatchesUnderTheByteBudget() throws {
        let (h, _, _) = try loaded { $0.annotationBatchBytes = 2048 }
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        let many = (0..<200).map { A.point("p\($0)", Double($0) / 1000, 0) }
        h.command(.addAnnotations(.with { $0.annotations = many }))
        // Up to 32 go out at once (the in-flight limit); answering lets the rest out.
        var batches: [Mapwire_V1_PluginRequest] = []
        while let next = delegate.unanswered.first(where: { if case .describeAnnotations = $0.kind { true } else { false } }) {
            batches.append(next)
            describe(delegate, next, next.describeAnnotations.annotations.map { a in .with { $0.id = a.id; $0.alpha = 0.25 } })
        }
        #expect(batches.count > 1)
        for batch in batches { #expect((try batch.describeAnnotations.serializedBytes() as Data).count <= 2048) }
        #expect(batches.flatMap { $0.describeAnnotations.annotations.map(\.id) } == many.map(\.id))
        #expect(h.session.annotations.store.asking.isEmpty)
        #expect(h.session.annotations.store.appearance(of: "p199")?.alpha == 0.25)
    }

    @Test func aDelegateRegisteringLateIsAskedAboutEveryAnnotationAndTheUserLocation() throws {
        let (h, loader, renderer) = try loaded()
        h.command(A.add(A.point("a", 0, 0), A.square))
        #expect(overlay(drawNext(h, renderer, loader))?.overlay.annotations.first?.fillColor == "#007AFF")
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        let asked = try #require(questions(delegate).first)
        #expect(asked.describeAnnotations.annotations.map(\.id) == ["a", "area"])
        let location = try #require(delegate.requests.first { if case .describeUserLocation = $0.kind { true } else { false } })
        #expect(location.describeUserLocation.width == 512 && location.describeUserLocation.height == 512)
        describe(delegate, asked, [.with { $0.id = "area"; $0.fillColor = "#00ff00" }])
        let drawn = try #require(overlay(drawNext(h, renderer, loader))).overlay.annotations
        #expect(drawn.map(\.fillColor) == ["#007AFF", "#00ff00"])
        // A resize asks about the user location again.
        h.command(.setSize(.with { $0.width = 300; $0.height = 200 }))
        #expect(delegate.requests.filter { if case .describeUserLocation = $0.kind { true } else { false } }.count == 2)
    }

    @Test func garbageAnswersAreLoggedAndTheDefaultsKept() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        h.command(A.add(A.square, A.point("p", 0, 0)))
        let asked = try #require(questions(delegate).first)
        describe(delegate, asked, [
            .with { $0.id = "area"; $0.fillColor = "not-a-colour"; $0.alpha = 7; $0.lineWidth = -1; $0.strokeColor = "#00f" },
            .with { $0.id = "stranger"; $0.fillColor = "#fff" },
            .with { $0.id = "p"; $0.image = .with { $0.png = Data([1, 2, 3]) } },
        ])
        let drawn = try #require(overlay(drawNext(h, renderer, loader))).overlay.annotations
        #expect(drawn[0].fillColor == "#007AFF" && drawn[0].alpha == 1 && drawn[0].lineWidth == 3 && drawn[0].strokeColor == "#00f")
        #expect(!drawn[1].hasImage)
        #expect(h.log.messages.contains { $0.contains("\"not-a-colour\" is not a CSS colour") })
        #expect(h.log.messages.contains { $0.contains("1 annotation(s) it was not asked about, ignored: \"stranger\"") })
        #expect(h.log.messages.contains { $0.contains("bad values for 2 annotation(s)") && $0.contains("\"p\": an image that is not a PNG") })
        // A reply of the wrong kind: defaults, and the core goes on.
        h.command(A.add(A.point("q", 0.01, 0)))
        let next = try #require(questions(delegate).last)
        delegate.reply(next, .cameraDecision(.with { $0.allow = true }))
        #expect(h.session.annotations.store.asking.isEmpty)
        #expect(h.log.messages.contains { $0.contains("another kind of reply") })
        #expect(h.command(.getAnnotations(.init()))?.annotations.annotations.count == 3)
    }

    // MARK: Taps

    /// A point at (0, 0) that can show a callout with accessories, selected by a tap on its pin.
    func withCallout() throws -> (SessionHarness, FakePlugin, FakePlugin, Mapwire_V1_CalloutOverlay) {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        h.command(A.add(A.point("shop", 0, 0)))
        describe(delegate, try #require(questions(delegate).first), [.with {
            $0.id = "shop"
            $0.canShowCallout = true
            $0.callout = .with { $0.title = "Shop"; $0.subtitle = "Open"; $0.leftAccessory = "★"; $0.rightAccessory = "i" }
        }])
        drawNext(h, renderer, loader)
        #expect(try #require(h.command(A.tap(256, 245))).ok)
        #expect(h.events("did-select-annotation") == [.didSelectAnnotation(.with { $0.id = "shop" })])
        let callout = try #require(drawNext(h, renderer, loader)?.callout)
        return (h, loader, renderer, callout)
    }

    @Test func theSelectedAnnotationsCalloutIsInTheFrameAboveItsPin() throws {
        let (h, loader, renderer, callout) = try withCallout()
        #expect(callout.annotationID == "shop" && callout.content.title == "Shop" && callout.content.rightAccessory == "i")
        // Above the pin's top (30 pt over the coordinate at the centre).
        #expect(callout.tail.x == 256 && abs(callout.tail.y - 226) < 0.01)
        #expect(callout.bubble.y + callout.bubble.height <= 226)
        #expect(callout.hasLeftAccessory && callout.hasRightAccessory)
        // Recomputed from the camera each frame.
        h.command(.setCamera(.with { $0.center = A.lngLat(0.01, 0) }))
        let moved = try #require(drawNext(h, renderer, loader)?.callout)
        #expect(moved.tail.x < callout.tail.x - 10)
    }

    @Test func tapsOnTheCalloutAndItsAccessoriesAreEventsAndKeepTheSelection() throws {
        let (h, _, _, callout) = try withCallout()
        let r = callout.rightAccessory, l = callout.leftAccessory, b = callout.bubble
        h.command(A.tap(r.x + r.width / 2, r.y + r.height / 2))
        h.command(A.tap(l.x + l.width / 2, l.y + l.height / 2))
        h.command(A.tap(b.x + b.width / 2, b.y + b.height / 2))
        #expect(h.events("callout-accessory-control-tapped") == [
            .calloutAccessoryControlTapped(.with { $0.id = "shop"; $0.control = .right }),
            .calloutAccessoryControlTapped(.with { $0.id = "shop"; $0.control = .left }),
        ])
        #expect(h.events("tap-on-callout") == [.tapOnCallout(.with { $0.id = "shop" })])
        #expect(h.events("did-deselect-annotation").isEmpty)
        #expect(h.command(.getAnnotations(.init()))?.annotations.selectedID == "shop")
        // Off the callout and the pin: deselects.
        h.command(A.tap(20, 500))
        #expect(h.events("did-deselect-annotation") == [.didDeselectAnnotation(.with { $0.id = "shop" })])
    }

    @Test func aShapesCalloutPointsWhereItWasTapped() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        var area = A.square
        area.title = "Park"
        h.command(A.add(area))
        describe(delegate, try #require(questions(delegate).first), [.with { $0.id = "area"; $0.canShowCallout = true }])
        drawNext(h, renderer, loader)
        h.command(A.tap(400, 300))
        let first = try #require(drawNext(h, renderer, loader)?.callout)
        #expect(abs(first.tail.x - 400) < 0.01 && abs(first.tail.y - 300) < 0.01)
        #expect(first.content.title == "Park" && !first.hasLeftAccessory && !first.hasRightAccessory)
        // Tapped again elsewhere in it (off the bubble): the callout moves there; no new selection event.
        h.command(A.tap(340, 320))
        let second = try #require(drawNext(h, renderer, loader)?.callout)
        #expect(abs(second.tail.x - 340) < 0.01 && abs(second.tail.y - 320) < 0.01)
        #expect(h.events("did-select-annotation").count == 1)
    }

    @Test func noCalloutWithoutPermissionOrTitle() throws {
        let (h, loader, renderer) = try loaded()
        h.command(A.add(A.point("shop", 0, 0)))
        drawNext(h, renderer, loader)
        h.command(A.tap(256, 245))
        let frame = try #require(drawNext(h, renderer, loader))
        #expect(!frame.hasCallout, "can-show-callout defaults to no")
        #expect(overlay(frame)?.overlay.annotations.first?.selected == true)
    }

    @Test func aDisabledShapeIgnoresTaps() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        h.command(A.add(A.square))
        describe(delegate, try #require(questions(delegate).first), [.with { $0.id = "area"; $0.shapeEnabled = false }])
        drawNext(h, renderer, loader)
        h.command(A.tap(400, 256))
        #expect(h.events("did-select-annotation").isEmpty)
    }

    @Test func pointHitBoxesHaveTheImagesSize() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        // A 40 × 120 px PNG at pixel ratio 2: 20 × 60 points, so a tap 50 px above the point hits it.
        let png = Data(AnnotationPNG.header(width: 40, height: 120))
        h.command(A.add(A.point("tall", 0, 0)))
        describe(delegate, try #require(questions(delegate).first), [.with { $0.id = "tall"; $0.image = .with { $0.png = png; $0.pixelRatio = 2 } }])
        drawNext(h, renderer, loader)
        h.command(A.tap(256, 206))
        #expect(h.events("did-select-annotation") == [.didSelectAnnotation(.with { $0.id = "tall" })])
        // A style image added to the map: its own size (80 × 10 points).
        #expect(h.command(.addStyleImage(.with { $0.id = "wide"; $0.width = 80; $0.height = 10; $0.rgba = Data(count: 80 * 10 * 4) }))?.ok == true)
        var wide = A.point("wide", 0.1, 0)
        wide.point.image = "wide"
        h.command(A.add(wide))
        describe(delegate, try #require(questions(delegate).last), [])
        let x = 256 + 0.1 * 1456.36
        h.command(A.tap(x + 35, 251))
        #expect(h.events("did-select-annotation").last == .didSelectAnnotation(.with { $0.id = "wide" }))
        // The pin's 20 × 30 box would have missed both taps; a sprite image the core does not hold keeps it.
        var sprite = A.point("sprite", -0.1, 0)
        sprite.point.image = "from-the-sprite"
        h.command(A.add(sprite))
        describe(delegate, try #require(questions(delegate).last), [])
        h.command(A.tap(256 - 0.1 * 1456.36, 235))
        #expect(h.events("did-select-annotation").last == .didSelectAnnotation(.with { $0.id = "sprite" }))
        h.command(A.tap(256 - 0.1 * 1456.36 + 15, 250))
        #expect(h.events("did-deselect-annotation").last == .didDeselectAnnotation(.with { $0.id = "sprite" }))
    }

    // MARK: The user location

    @Test func thePuckIsInFramesWhileTheLocationIsShownAndKnown() throws {
        let (h, loader, renderer) = try loaded()
        h.command(.setShowsUserLocation(.with { $0.shows = true }))
        #expect(drawNext(h, renderer, loader)?.hasPuck != true, "no fix yet")
        h.command(.updateLocation(.with { $0.longitude = 0.001; $0.latitude = 0.002; $0.horizontalAccuracy = 12; $0.heading = 90 }))
        let puck = try #require(drawNext(h, renderer, loader)?.puck)
        #expect(puck.coordinate.longitude == 0.001 && puck.coordinate.latitude == 0.002)
        #expect(puck.accuracyMeters == 12 && puck.headingDegrees == 90)
        #expect(puck.style.puckFillColor == "#1E90FF")
        // Course only: the arrow follows the course.
        h.command(.updateLocation(.with { $0.longitude = 0.001; $0.latitude = 0.002; $0.course = 45 }))
        let coursed = try #require(drawNext(h, renderer, loader)?.puck)
        #expect(coursed.headingDegrees == 45 && coursed.accuracyMeters == 0)
        // Neither: no arrow.
        h.command(.updateLocation(.with { $0.longitude = 0.001; $0.latitude = 0.002 }))
        #expect(drawNext(h, renderer, loader)?.puck.hasHeadingDegrees == false)
        h.command(.setShowsUserLocation(.with { $0.shows = false }))
        #expect(drawNext(h, renderer, loader)?.hasPuck == false)
    }

    @Test func theDelegatesPuckStyleIsDrawnAndBadColoursFallBack() throws {
        let (h, loader, renderer) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        let question = try #require(delegate.requests.first { if case .describeUserLocation = $0.kind { true } else { false } })
        delegate.reply(question, .userLocationDescription(.with { $0.style = .with { $0.puckFillColor = "orange"; $0.haloColor = "%%%" } }))
        h.command(.setShowsUserLocation(.with { $0.shows = true }))
        h.command(.updateLocation(.with { $0.longitude = 0; $0.latitude = 0 }))
        let puck = try #require(drawNext(h, renderer, loader)?.puck)
        #expect(puck.style.puckFillColor == "orange")
        #expect(puck.style.haloColor == "rgba(30, 144, 255, 0.3)")
        #expect(h.log.messages.contains { $0.contains("halo colour \"%%%\" is not a CSS colour") })
    }

    @Test func anAnchorAnsweredWhileFollowingMovesTheCameraAtOnce() throws {
        let (h, _, _) = try loaded()
        h.command(.setTrackingMode(.with { $0.mode = .follow; $0.animated = false }))
        h.command(.updateLocation(.with { $0.longitude = 1; $0.latitude = 1 }))
        h.advance(until: { !h.session.viewport.isAnimating }, limit: 5000)
        let before = screenPoint(LngLat(longitude: 1, latitude: 1), camera: h.session.map.camera)
        #expect(abs(before.x - 256) < 0.5 && abs(before.y - 256) < 0.5)
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        let question = try #require(delegate.requests.first { if case .describeUserLocation = $0.kind { true } else { false } })
        delegate.reply(question, .userLocationDescription(.with { $0.anchorPoint = .with { $0.x = 100; $0.y = 300 } }))
        h.advance(until: { !h.session.viewport.isAnimating }, limit: 5000)
        let after = screenPoint(LngLat(longitude: 1, latitude: 1), camera: h.session.map.camera)
        #expect(abs(after.x - 100) < 0.5 && abs(after.y - 300) < 0.5, "the fix at \(after)")
    }

    @Test func theAnchorPointMovesTheFocusInFollowModes() throws {
        let (h, _, _) = try loaded()
        let delegate = h.plugin("delegate", roles: [PluginRole.annotationDelegate])
        let question = try #require(delegate.requests.first { if case .describeUserLocation = $0.kind { true } else { false } })
        delegate.reply(question, .userLocationDescription(.with { $0.anchorPoint = .with { $0.x = 256; $0.y = 400 } }))
        h.command(.setTrackingMode(.with { $0.mode = .follow; $0.animated = false }))
        h.command(.updateLocation(.with { $0.longitude = 1; $0.latitude = 1 }))
        h.advance(until: { !h.session.viewport.isAnimating }, limit: 5000)
        let camera = h.session.map.camera
        let at = screenPoint(LngLat(longitude: 1, latitude: 1), camera: camera)
        #expect(abs(at.x - 256) < 0.5 && abs(at.y - 400) < 0.5, "the fix at \(at)")
        // Without an anchor (a delegate that stops answering): the padded centre again.
        h.command(.setSize(.with { $0.width = 512; $0.height = 512 }))
        h.advance(51)
        h.command(.updateLocation(.with { $0.longitude = 1; $0.latitude = 1.0001 }))
        h.advance(until: { !h.session.viewport.isAnimating }, limit: 5000)
        let centred = screenPoint(LngLat(longitude: 1, latitude: 1.0001), camera: h.session.map.camera)
        #expect(abs(centred.x - 256) < 0.5 && abs(centred.y - 256) < 0.5, "the fix at \(centred)")
    }
}

/// A PNG's signature and IHDR (enough for the core, which reads only the size).
enum AnnotationPNG {
    static func header(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
    }
}

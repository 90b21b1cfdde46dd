import Foundation
import MapWireClient
import MapWireGeometry
import MapWireProtocol
import Testing

/// Annotations through a real core and loader, driven by the CLI (PROTOCOL.md 7.10): a polygon and a
/// point added with `mapwire send add-annotation`, listed by `get-annotations`, announced after the first
/// frame, selected and deselected by `mapwire send gesture tap`, and the selected one removed.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct AnnotationEndToEndTests {
    typealias S = GestureTestSupport

    /// `mapwire send ARGS… --run-dir DIR`: exit status, stdout and stderr.
    func send(_ run: TestRun, _ arguments: [String]) throws -> (status: Int32?, stdout: String, stderr: String) {
        try run.mapwire(["send"] + arguments + ["--run-dir", run.runDirectory.path])
    }

    func coordinate(_ p: LngLat) -> String { "\(p.longitude),\(p.latitude)" }

    /// Reads events until `until` holds for one of them; the log keeps what was read.
    func wait(_ events: EventSubscriber, _ log: inout EventLog, _ what: String,
              until: @escaping (Mapwire_V1_Envelope.OneOf_Payload) -> Bool) throws {
        let found = try log.collect(from: events, timeout: 10) { _, envelope in envelope.payload.map(until) ?? false }
        #expect(found, "no \(what) event; saw \(log.topics.suffix(12))")
    }

    func annotationList(_ run: TestRun) throws -> [String: Any] {
        let listed = try send(run, ["get-annotations"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        return try #require(object)
    }

    @Test func theCLIAddsAPolygonAndAPointThatTapsSelectAndDeselect() throws {
        let (run, events) = try S.loadedRun()
        let camera = try S.camera(run)
        let transform = Transform(camera: camera, size: ViewportSize(width: 512, height: 512))
        func ground(_ x: Double, _ y: Double) -> LngLat { transform.groundCoordinate(screenX: x, screenY: y) }
        // A square on screen at x 300...450, y 200...350, with a hole at 350...400 both ways; a pin at the centre.
        let outer = [ground(300, 200), ground(450, 200), ground(450, 350), ground(300, 350)].map(coordinate).joined(separator: " ")
        let hole = [ground(350, 250), ground(400, 250), ground(400, 300), ground(350, 300)].map(coordinate).joined(separator: " ")
        let polygon = try send(run, ["add-annotation", "polygon", "area", "--coordinates=\(outer)", "--hole=\(hole)", "--title", "Park"])
        #expect(polygon.status == 0 && polygon.stdout == "ok\n", "\(polygon.stderr)")
        let point = try send(run, ["add-annotation", "point", "shop", "--at=\(coordinate(ground(256, 256)))", "--title", "Shop",
                                   "--subtitle", "open late"])
        #expect(point.status == 0, "\(point.stderr)")

        // Each is announced once it has been part of a frame (this core has no renderer: frames count as drawn).
        var log = EventLog()
        var announced: [String] = []
        try wait(events, &log, "did-add-annotation-views") {
            if case .didAddAnnotationViews(let e) = $0 { announced += e.ids }
            return Set(announced) == ["area", "shop"]
        }
        #expect(announced == ["area", "shop"])

        let list = try annotationList(run)
        let listed = try #require(list["annotations"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == ["area", "shop"])
        #expect(listed.map { $0["kind"] as? String } == ["polygon", "point"])
        #expect(listed[1]["subtitle"] as? String == "open late")
        #expect((listed[0]["holes"] as? [Any])?.count == 1)
        #expect(list["selected"] is NSNull)

        // A tap on the pin selects it, and the chain stops there.
        let tapPin = try send(run, ["gesture", "tap", "--at", "256,245"])
        #expect(tapPin.status == 0, "\(tapPin.stderr)")
        try wait(events, &log, "did-select-annotation shop") { if case .didSelectAnnotation(let e) = $0 { e.id == "shop" } else { false } }
        let gesture = try #require(try S.gestureEvent(events, log: &log))
        #expect(gesture.handledBy == "annotation:shop")

        // A tap on the polygon selects it and deselects the point; a tap in its hole is on the empty map.
        #expect(try send(run, ["gesture", "tap", "--at", "320,330"]).status == 0)
        try wait(events, &log, "did-select-annotation area") { if case .didSelectAnnotation(let e) = $0 { e.id == "area" } else { false } }
        let deselectShop = try #require(log.index(of: "did-deselect-annotation"))
        #expect(log.events[deselectShop].envelope.didDeselectAnnotation.id == "shop")
        #expect(try annotationList(run)["selected"] as? String == "area")

        #expect(try send(run, ["gesture", "tap", "--at", "375,275"]).status == 0)
        try wait(events, &log, "did-deselect-annotation area") { if case .didDeselectAnnotation(let e) = $0 { e.id == "area" } else { false } }
        let emptyTap = try #require(try S.gestureEvent(events, log: &log))
        #expect(emptyTap.handledBy == "none", "a tap on the empty map goes on down the chain")
        #expect(try annotationList(run)["selected"] is NSNull)

        // Removing the selected annotation deselects it.
        #expect(try send(run, ["select-annotation", "area"]).status == 0)
        try wait(events, &log, "did-select-annotation area again") {
            if case .didSelectAnnotation(let e) = $0 { e.id == "area" } else { false }
        }
        #expect(try send(run, ["remove-annotation", "area"]).status == 0)
        try wait(events, &log, "did-deselect-annotation on removal") {
            if case .didDeselectAnnotation(let e) = $0 { e.id == "area" } else { false }
        }
        let after = try annotationList(run)
        #expect((after["annotations"] as? [[String: Any]])?.map { $0["id"] as? String } == ["shop"])
        #expect(after["selected"] is NSNull)
    }

    @Test func theCLIAndTheCoreRefuseBadAnnotationsWithTheirReason() throws {
        let (run, _) = try S.loadedRun()
        #expect(try send(run, ["add-annotation", "point", "a", "--at", "10,10"]).status == 0)
        let duplicate = try send(run, ["add-annotation", "point", "a", "--at", "11,11"])
        #expect(duplicate.status == 1 && duplicate.stderr.contains("annotation \"a\" already exists"), "\(duplicate.stderr)")
        let bowtie = try send(run, ["add-annotation", "polygon", "b", "--coordinates", "0,0 1,1 1,0 0,1"])
        #expect(bowtie.status == 1 && bowtie.stderr.contains("intersects itself"), "\(bowtie.stderr)")
        let offGlobe = try send(run, ["add-annotation", "point", "c", "--at", "200,10"])
        #expect(offGlobe.status == 1 && offGlobe.stderr.contains("off the globe"), "\(offGlobe.stderr)")
        let shortLine = try send(run, ["add-annotation", "polyline", "d", "--coordinates", "1,1"])
        #expect(shortLine.status == 1 && shortLine.stderr.contains("at least 2 coordinates"), "\(shortLine.stderr)")
        let unknown = try send(run, ["select-annotation", "ghost"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no annotation with id \"ghost\""), "\(unknown.stderr)")
        // The CLI's own checks: a point needs --at, a bad coordinate is named.
        let noAt = try send(run, ["add-annotation", "point", "e"])
        #expect(noAt.status != 0 && noAt.stderr.contains("--at"), "\(noAt.stderr)")
        let badList = try send(run, ["add-annotation", "polyline", "f", "--coordinates", "1,1 x,2"])
        #expect(badList.status != 0 && badList.stderr.contains("LON,LAT"), "\(badList.stderr)")
        // The core is still there and has kept only the good one.
        let list = try annotationList(run)
        #expect((list["annotations"] as? [[String: Any]])?.map { $0["id"] as? String } == ["a"])
    }
}

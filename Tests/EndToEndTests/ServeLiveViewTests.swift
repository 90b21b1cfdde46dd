import Foundation
import MapWireClient
import MapWireProcess
import MapWireProtocol
import MapWireTesting
import Testing

/// The live view in real headless Chromium, driven over the DevTools protocol (scripts/live-view-check):
/// the page loads without console errors, shows a frame, a mouse drag pans the core's camera and
/// changes the frame on the page, two fingers spread apart zoom it, two fingers dragged up pitch it,
/// and a click on an annotation selects it (did-select-annotation on the core's event bus) and lists the
/// features under it on the page.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeLiveViewTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/live-view-check").path

    @Test func mouseAndTouchInChromiumMoveTheCoreAndAClickSelectsAnAnnotation() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "2"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let before = try client.run(.getCamera(.init())).camera
        // A polygon about 120 px across where the drag (120 px right, 60 down) brings the middle of the map; the
        // pinch and the pitch keep the middle there. Not the whole view: frames differ as the map moves.
        let degreesPerPixel = 360 / (512 * pow(2, before.zoom))
        let latitudeScale = cos(before.center.latitude * .pi / 180)
        let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { dx, dy in
            Mapwire_V1_LngLat.with {
                $0.longitude = before.center.longitude + (-120 + dx * 60) * degreesPerPixel
                $0.latitude = before.center.latitude + (60 + dy * 60) * degreesPerPixel * latitudeScale
            }
        }
        #expect(try client.run(.addAnnotations(.with {
            $0.annotations = [.with { $0.id = "district"; $0.polygon = .with { $0.outer = corners } }]
        })).ok)
        let events = try EventSubscriber(endpoint: serve.eventsEndpoint(style: "demo"), prefixes: ["did-select-annotation"])
        _ = try events.waitUntilWelcomed(timeoutMilliseconds: 5000)
        let check = try run.startProgram("/usr/bin/python3", [Self.script, "--port", "\(serve.port)"], name: "live-view-check")
        let status = check.wait(timeout: 120)
        try #require(status != 3, "chromium is missing: scripts/install-deps --tests installs it")
        #expect(status == 0, "live-view-check: \(check.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any], "\(check.stdout)")
        #expect(result["loaded"] as? Bool == true)
        #expect(result["framed"] as? Bool == true, "the page showed no frame")
        #expect(result["changed"] as? Bool == true, "the frame did not change after the drag")
        #expect((result["errors"] as? [Any])?.isEmpty == true, "console errors: \(result["errors"] ?? "")")
        let after = try client.run(.getCamera(.init())).camera
        #expect(after.center != before.center, "the drag did not move the core's camera")
        // Dragged right and down: the map moves with the mouse, so the centre goes west and north.
        #expect(after.center.longitude < before.center.longitude && after.center.latitude > before.center.latitude)
        // Fingers apart: zoomed in; two fingers up: pitched.
        #expect(result["pinchFramed"] as? Bool == true && result["twoFingerFramed"] as? Bool == true, "no frame after a touch gesture")
        #expect(after.zoom > before.zoom + 0.5, "the pinch did not zoom the core in: \(before.zoom) → \(after.zoom)")
        #expect(after.pitch > before.pitch + 5, "the two-finger drag did not pitch the core: \(before.pitch) → \(after.pitch)")
        // The click in the middle of the map, on the polygon: the core published it selected.
        var selected: String?
        #expect(waitUntil(timeout: 20) {
            while case .event(_, let envelope)? = try? events.next(timeoutMilliseconds: 5) {
                if case .didSelectAnnotation(let selection) = envelope.payload { selected = selection.id }
            }
            return selected != nil
        }, "no did-select-annotation on the event bus")
        #expect(selected == "district")
        #expect(result["selectedOnPage"] as? Bool == true, "the page's event stream showed no did-select-annotation")
        // The click also asked what the map draws there: the page lists those features, as the core answers
        // a query at that point.
        #expect(result["queriedOnPage"] as? Bool == true, "the page listed no features for the click")
        let found = try #require(result["features"] as? [String: Any], "\(result)")
        let shown = try #require(found["features"] as? [[String: Any]])
        let x = try #require(found["x"] as? Double), y = try #require(found["y"] as? Double)
        let direct = try client.run(.queryRenderedFeatures(.with { $0.point = .with { $0.x = x; $0.y = y } })).features
        let layers = (try JSONSerialization.jsonObject(with: Data(direct.featuresJson.utf8)) as? [[String: Any]] ?? [])
            .compactMap { ($0["layer"] as? [String: Any])?["id"] as? String }
        #expect(!shown.isEmpty && found["count"] as? Int == layers.count, "the demo draws something in the middle: \(found)")
        #expect(shown.compactMap { $0["layer"] as? String } == Array(layers.prefix(shown.count)), "top down, as the core answers")
        #expect(shown.allSatisfy { $0["source"] is String && $0["properties"] is [String: Any] })
        let listed = try #require(result["featuresShown"] as? String)
        #expect(shown.allSatisfy { listed.contains($0["layer"] as? String ?? "?") }, "each feature's layer is on the page: \(listed)")
    }
}

import Foundation
import MapWirePluginKit
import MapWireProcess
import MapWireProtocol
import Testing

/// The live view in real headless Chromium, driven over the DevTools protocol (scripts/live-view-check):
/// the page loads without console errors, shows a frame, and a mouse drag pans the core's camera and
/// changes the frame on the page.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeLiveViewTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/live-view-check").path

    @Test func aMouseDragInChromiumPansTheCoreAndTheFrameChanges() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "2"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let before = try client.run(.getCamera(.init())).camera
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
    }
}

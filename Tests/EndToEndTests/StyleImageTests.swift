import Foundation
import MapWireClient
import MapWireFormats
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// style-image-missing → add-style-image → the image is drawn; remove the layer → remove-unused,
/// and a style-image-remover plugin's answer decides whether it stays.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct StyleImageTests {
    func redSquarePNG() throws -> Data {
        try ImageEncoder.png(RGBAImage(width: 16, height: 16, pixels: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 256).joined())))
    }

    func startMap(_ run: TestRun) throws -> EventSubscriber {
        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        let style = """
            {"version":8,"center":[0,0],"zoom":2,"sources":{"points":{"type":"geojson","data":{"type":"Point","coordinates":[0,0]}}},
             "layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}},
                       {"id":"marker","type":"symbol","source":"points","layout":{"icon-image":"marker"}}]}
            """
        #expect(try run.send(.setSize(.with { $0.width = 64; $0.height = 64 })).ok)
        #expect(try run.send(.setStyleJson(.with { $0.json = style })).ok)
        return events
    }

    func centre(_ reply: Mapwire_V1_CommandReply) throws -> [UInt8] {
        let image = try ImageDecoder.decode(reply.snapshot.png)
        let i = (32 * image.width + 32) * 4
        return Array(image.pixels[i..<i + 4])
    }

    @Test func aMissingImageIsAskedForSuppliedAndDrawn() throws {
        let run = try TestRun()
        let events = try startMap(run)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, envelope in
            if case .styleImageMissing(let missing) = envelope.payload { missing.id == "marker" } else { false }
        })
        // Until it is supplied, the centre is background white.
        #expect(try centre(run.send(.snapshot(.with { $0.returnImage = true }))) == [255, 255, 255, 255])
        #expect(try run.send(.addStyleImage(.with { $0.id = "marker"; $0.png = try redSquarePNG() })).ok)
        #expect(try centre(run.send(.snapshot(.with { $0.returnImage = true }))) == [255, 0, 0, 255])
        // Asked once: no second style-image-missing for the same name.
        log = EventLog()
        _ = try log.collect(from: events, timeout: 1) { _, _ in false }
        #expect(!log.topics.contains("style-image-missing"))
    }

    @Test func imagesMayComeAsRGBAWithStretchAndContentBoxes() throws {
        let run = try TestRun()
        _ = try startMap(run)
        let blue = Data(Array([[UInt8]](repeating: [0, 0, 255, 255], count: 16 * 16).joined()))
        let wrong = try run.send(.addStyleImage(.with { $0.id = "marker"; $0.rgba = blue; $0.width = 16; $0.height = 15 }))
        #expect(!wrong.ok && wrong.error.contains("width × height × 4"))
        #expect(try run.send(.addStyleImage(.with {
            $0.id = "marker"; $0.rgba = blue; $0.width = 16; $0.height = 16
            $0.stretchX = [.with { $0.from = 4; $0.to = 12 }]
            $0.content = .with { $0.left = 2; $0.top = 2; $0.right = 14; $0.bottom = 14 }
        })).ok)
        #expect(try centre(run.send(.snapshot(.with { $0.returnImage = true }))) == [0, 0, 255, 255])
    }

    @Test(arguments: [true, false])
    func anUnusedImageIsReportedAndTheRemoverDecides(keep: Bool) throws {
        let run = try TestRun()
        let events = try startMap(run)
        let remover = TestStyleImageRemover(controlEndpoint: run.runDirectory.controlEndpoint, keep: keep)
        defer { remover.stop() }
        #expect(try run.send(.addStyleImage(.with { $0.id = "marker"; $0.png = try redSquarePNG() })).ok)
        #expect(try centre(run.send(.snapshot(.with { $0.returnImage = true }))) == [255, 0, 0, 255])
        #expect(try run.send(.removeLayer(.with { $0.id = "marker" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, envelope in
            if case .styleImageRemoveUnused(let unused) = envelope.payload { unused.id == "marker" } else { false }
        })
        #expect(waitUntil { remover.asked == ["marker"] })
        // A keep answer keeps the image (removing it by hand still works); a remove answer removes it.
        // Once the core has answered the ping the remover sent after its reply, it has taken the reply.
        #expect(waitUntil { remover.confirmedReplies == 1 })
        let removal = try run.send(.removeStyleImage(.with { $0.id = "marker" }))
        #expect(removal.ok == keep, "\(removal.error)")
    }
}

/// A plugin with role "style-image-remover", written in the test, that answers keep or remove.
final class TestStyleImageRemover: Sendable {
    /// The names asked about, shared between the plugin's thread and the test.
    final class Asked: @unchecked Sendable {
        // @unchecked Sendable: `names` is only touched while holding `lock`.
        private let lock = NSLock()
        private var names: [String] = []
        func record(_ name: String) { lock.withLock { names.append(name) } }
        var all: [String] { lock.withLock { names } }
    }

    private let recorder = Asked()
    /// Replies the core is known to have taken, counted on the plugin's thread.
    final class Count: Sendable {
        let value = Mutex(0)
    }

    private let confirmed = Count()
    private let plugin: InProcessPlugin

    init(controlEndpoint: String, keep: Bool) {
        let recorder = self.recorder, confirmed = self.confirmed
        plugin = InProcessPlugin(name: "test-remover", roles: [PluginRole.styleImageRemover], controlEndpoint: controlEndpoint, configure: { runner in
            // After each reply, a ping on the same connection: its answer means the reply was taken.
            runner.commandsAfterReply = { reply in [.with { $0.id = reply.id; $0.ping = .init() }] }
            runner.onCommandReply = { reply in if reply.ok, case .pong? = reply.result { confirmed.value.withLock { $0 += 1 } } }
        }) { request in
            guard case .shouldRemoveStyleImage(let question) = request.kind else { return nil }
            recorder.record(question.id)
            return .with { $0.id = request.id; $0.styleImageDecision = .with { $0.keep = keep } }
        }
    }

    var asked: [String] { recorder.all }
    /// Replies the core is known to have taken.
    var confirmedReplies: Int { confirmed.value.withLock { $0 } }
    func stop() { plugin.stop() }
}

import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// PROTOCOL.md's own example plugin (10.3), taken from the document as a reader would copy it, run
/// against a real core whose heartbeats are shorter than the 1 s a plugin starts with: it must keep its
/// registration and serve a style.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"),
       .enabled(if: Prerequisites.pythonSDK, Prerequisites.pythonSDKMissing))
struct ProtocolExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first ```python block after `heading` in PROTOCOL.md.
    static func pythonBlock(after heading: String) throws -> String {
        let text = try String(contentsOf: repository.appendingPathComponent("Protocol/PROTOCOL.md"), encoding: .utf8)
        let section = try #require(text.range(of: heading))
        let open = try #require(text.range(of: "```python\n", range: section.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "\n```", range: open.upperBound..<text.endIndex))
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// With `--heartbeat-ms 200` the core takes a plugin silent for 600 ms for gone: the example follows
    /// the welcome's interval from the welcome on (an example that kept the 1 s it had before, or beat
    /// no faster than every 50 ms at a shorter interval, is taken for gone), so it stays registered and
    /// loads a style to idle. (200 ms rather than the smallest, 10 ms: a test machine short of CPU must
    /// not starve the Python process past the core's patience.)
    @Test func theFileLoaderExampleKeepsItsRegistrationAtAShortHeartbeat() throws {
        let run = try TestRun()
        let script = run.file("files_loader.py")
        try Self.pythonBlock(after: "### 10.3 Example: a file loader in Python").write(to: script, atomically: true, encoding: .utf8)
        try run.startCore(["--heartbeat-ms", "200"])
        let events = try run.subscribe()
        let generated = Self.repository.appendingPathComponent("Plugins/python/mapwire_protocol/Generated").path
        let loader = try run.startProgram("/usr/bin/env", ["MAPWIRE_RUN_DIR=\(run.runDirectory.path)", "PYTHONPATH=\(generated)", "python3", script.path],
                                          name: "files-loader")
        #expect(run.waitForPlugin(role: "loader"), "\(loader.stderr)")
        let style = run.file("style.json")
        try #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#.write(to: style, atomically: true, encoding: .utf8)
        // Three seconds of 200 ms heartbeats (15 intervals), then a load through it.
        var log = EventLog()
        _ = try log.collect(from: events, timeout: 3) { topic, _ in topic == "plugin-gone" }
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        #expect(try log.collect(from: events, timeout: 20) { topic, _ in topic == "map-idle" })
        #expect(!log.topics.contains("plugin-gone"), "the example was taken for gone: \(log.topics)")
        #expect(log.resourceRequests.first { $0.request.kind == .style }?.dataSource == .fileSystem)
        #expect(loader.isRunning, "\(loader.stderr)")
    }
}

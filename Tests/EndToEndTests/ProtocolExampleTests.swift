import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// PROTOCOL.md's own example plugin (10.3), taken from the document as a reader would copy it, run
/// against a real core whose heartbeats are short: it must keep its registration and serve a style.
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

    /// With `--heartbeat-ms 20` the core takes a plugin silent for 60 ms for gone: the example follows the
    /// welcome's interval, so it stays registered, and loads a style to idle.
    @Test func theFileLoaderExampleKeepsItsRegistrationAtA20msHeartbeat() throws {
        let run = try TestRun()
        let script = run.file("files_loader.py")
        try Self.pythonBlock(after: "### 10.3 Example: a file loader in Python").write(to: script, atomically: true, encoding: .utf8)
        try run.startCore(["--heartbeat-ms", "20"])
        let events = try run.subscribe()
        let generated = Self.repository.appendingPathComponent("Plugins/python/mapwire_protocol/Generated").path
        let loader = try run.startProgram("/usr/bin/env", ["MAPWIRE_RUN_DIR=\(run.runDirectory.path)", "PYTHONPATH=\(generated)", "python3", script.path],
                                          name: "files-loader")
        #expect(run.waitForPlugin(role: "loader"), "\(loader.stderr)")
        let style = run.file("style.json")
        try #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#.write(to: style, atomically: true, encoding: .utf8)
        // A second of 20 ms heartbeats (50 intervals), then a load through it.
        var log = EventLog()
        _ = try log.collect(from: events, timeout: 1) { topic, _ in topic == "plugin-gone" }
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        #expect(try log.collect(from: events, timeout: 20) { topic, _ in topic == "map-idle" })
        #expect(!log.topics.contains("plugin-gone"), "the example was taken for gone: \(log.topics)")
        #expect(log.resourceRequests.first { $0.request.kind == .style }?.dataSource == .fileSystem)
        #expect(loader.isRunning, "\(loader.stderr)")
    }
}

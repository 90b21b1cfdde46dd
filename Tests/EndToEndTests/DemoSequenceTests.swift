import Foundation
import Testing

/// The acceptance run: `mapwire up --exit-when idle` on the bundled demo, with a monitor started
/// before the style is set, prints the Mapbox MapEvents reference's loading sequence in order, in the
/// documented JSON format.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct DemoSequenceTests {
    @Test func demoLoadsToIdleAndTheMonitorPrintsTheWholeSequence() throws {
        let run = try TestRun()
        let monitor = try run.start("mapwire", ["monitor", "--run-dir", run.runDirectory.path, "--format", "json"],
                                    name: "monitor", withRunDir: false)
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--wait-subscribers", "1", "--exit-when", "idle"],
                               name: "up", withRunDir: false)
        #expect(up.wait(timeout: 60) == 0, "mapwire up failed: \(up.stderr)")
        #expect(up.stdout.contains("core: pid") && up.stdout.contains("control ipc://\(run.runDirectory.path)/control"))
        #expect(monitor.waitFor("\"type\":\"map-idle\"", inStderr: false))
        #expect(monitor.stderr.contains("monitor: subscribed to ipc://\(run.runDirectory.path)/events"))

        let events = monitor.stdout.split(separator: "\n").map { line -> [String: Any] in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
        }
        // Every line: exactly seq, time, type, data; seq strictly increasing from 1 without gaps.
        #expect(events.allSatisfy { Set($0.keys) == ["seq", "time", "type", "data"] })
        let seqs = events.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array(1...events.count))
        #expect(events.allSatisfy { ($0["time"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$"#, options: .regularExpression) != nil })

        func at(_ type: String, _ data: [String: String] = [:], after start: Int) -> Int? {
            events.indices.dropFirst(start).first { i in
                guard events[i]["type"] as? String == type, let d = events[i]["data"] as? [String: Any] else { return false }
                return data.allSatisfy { d[$0.key] as? String == $0.value }
            }
        }
        func kindRequested(_ kind: String, after start: Int) -> Int? {
            events.indices.dropFirst(start).first { i in
                events[i]["type"] as? String == "resource-request"
                    && ((events[i]["data"] as? [String: Any])?["request"] as? [String: Any])?["kind"] as? String == kind
            }
        }
        // The reference's order, step by step.
        let style = try #require(at("style-data-loaded", ["type": "style"], after: 0))
        let spriteJSON = try #require(kindRequested("sprite-json", after: style))
        let spriteImage = try #require(kindRequested("sprite-image", after: style))
        let sprite = try #require(at("style-data-loaded", ["type": "sprite"], after: max(spriteJSON, spriteImage)))
        let metadata = try #require(at("source-data-loaded", ["type": "metadata", "id": "town"], after: sprite))
        let sources = try #require(at("style-data-loaded", ["type": "sources"], after: metadata))
        let styleLoaded = try #require(at("style-loaded", after: sources))
        let firstTile = try #require(at("source-data-loaded", ["type": "tile"], after: styleLoaded))
        let started = try #require(at("render-frame-started", after: firstTile))
        let full = try #require(at("render-frame-finished", ["render-mode": "full"], after: started))
        let loaded = try #require(at("map-loaded", after: full))
        let idle = try #require(at("map-idle", after: loaded))
        #expect(idle == events.count - 1)
        #expect(kindRequested("style", after: 0).map { $0 < style } == true)
        #expect(events.filter { $0["type"] as? String == "map-loading-error" }.isEmpty)

        // Documented data formats, key for key.
        let finished = try #require(events[full]["data"] as? [String: Any])
        #expect(Set(finished.keys) == ["render-mode", "needs-repaint", "placement-changed"])
        let tile = try #require(events[firstTile]["data"] as? [String: Any])
        #expect(Set(tile.keys) == ["id", "type", "loaded", "tile-id"])
        #expect(Set((tile["tile-id"] as? [String: Any])?.keys.map { $0 } ?? []) == ["z", "x", "y"])
        let tileRequest = try #require(kindRequested("tile", after: 0))
        let request = try #require(events[tileRequest]["data"] as? [String: Any])
        #expect(Set(request.keys) == ["data-source", "request", "response", "cancelled"])
        #expect(Set((request["request"] as? [String: Any])?.keys.map { $0 } ?? []) == ["url", "kind", "priority", "loading-method"])
        let response = try #require(request["response"] as? [String: Any])
        #expect(Set(["no-content", "not-modified", "must-revalidate", "source", "size"]).isSubset(of: Set(response.keys)))
        #expect(request["data-source"] as? String == "database" && response["source"] as? String == "tile-store")
        for empty in ["style-loaded", "map-loaded", "map-idle", "render-frame-started"] {
            #expect(events.filter { $0["type"] as? String == empty }.allSatisfy { ($0["data"] as? [String: Any])?.isEmpty == true })
        }
        // The last tile event says the source is complete.
        let lastTile = try #require(events.lastIndex { ($0["data"] as? [String: Any])?["type"] as? String == "tile" })
        #expect((events[lastTile]["data"] as? [String: Any])?["loaded"] as? Bool == true)

        if let checker = SharedFixtures.directory?.appendingPathComponent("tools/check-sequence"),
           FileManager.default.isExecutableFile(atPath: checker.path) {
            let check = try TestProcess(checker.path, [monitor.stdoutPath], in: run.directory, name: "check")
            #expect(check.wait(timeout: 30) == 0, "check-sequence: \(check.stdout)")
        }
    }

    @Test func monitorFiltersByPrefixAndStopsAfterCount() throws {
        let run = try TestRun()
        let monitor = try run.start("mapwire", ["monitor", "--run-dir", run.runDirectory.path, "--filter", "style-,map-idle",
                                                "--count", "4", "--timeout", "30"], name: "monitor", withRunDir: false)
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--wait-subscribers", "1", "--exit-when", "idle"],
                               name: "up", withRunDir: false)
        #expect(up.wait(timeout: 60) == 0)
        #expect(monitor.wait(timeout: 10) == 0)
        let lines = monitor.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] } ==
                ["style-data-loaded", "style-data-loaded", "style-data-loaded", "style-loaded"])
    }
}

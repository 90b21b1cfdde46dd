import Foundation
import MapWireBus
import Testing

/// `mapwire up` as a supervisor: it starts the core and plugins and stops them all on a signal.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LauncherTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func upStopsItsChildrenOnASignal(signal: Int32) throws {
        let run = try TestRun()
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path], name: "up", withRunDir: false)
        #expect(up.waitFor("style:", inStderr: false, timeout: 30), "up did not start: \(up.stderr)")
        let pids = up.stdout.split(separator: "\n").compactMap { line -> Int32? in
            guard let range = line.range(of: "pid ") else { return nil }
            return Int32(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(pids.count == 3, "core, loader and renderer: \(up.stdout)")
        #expect(pids.allSatisfy { kill($0, 0) == 0 })
        up.signal(signal)
        #expect(up.wait(timeout: 15) != nil, "up did not exit")
        #expect(pids.allSatisfy { kill($0, 0) == -1 && errno == ESRCH }, "a child outlived up")
        // The core removed its sockets on the way out.
        #expect(!FileManager.default.fileExists(atPath: run.runDirectory.path + "/control"))
    }

    @Test func demoCommandWritesTheDemoAndPrintsItsStyleURL() throws {
        let run = try TestRun()
        let result = try run.mapwire(["demo", "-o", run.file("demo").path])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "file://\(run.file("demo").path)/style.json")
        for name in ["style.json", "town.mbtiles", "sprite.json", "sprite.png", "sprite@2x.json", "sprite@2x.png", "glyphs/MapWire Sans/0-255.pbf"] {
            #expect(FileManager.default.fileExists(atPath: run.file("demo/\(name)").path), "\(name)")
        }
    }

    @Test func unknownPluginIsRefusedBeforeTheCoreStarts() throws {
        let run = try TestRun()
        let result = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--plugins", "loader,teleporter"])
        #expect(result.status == 64, "a usage error (PROTOCOL.md 11)")
        #expect(result.stderr.contains("unknown plugin \"teleporter\""))
        #expect(!result.stdout.contains("core: pid"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: run.runDirectory.path + "/control"))
    }

    @Test func pluginsNoneStartsTheCoreAlone() throws {
        let run = try TestRun()
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--plugins", "none"], name: "up", withRunDir: false)
        #expect(up.waitFor("style:", inStderr: false, timeout: 30), "up did not start: \(up.stderr)")
        #expect(up.stdout.contains("core: pid"))
        #expect(!up.stdout.contains("plugin "), "\(up.stdout)")
        #expect(try run.send(.ping(.init())).pong.pluginRoles.isEmpty)
        up.signal(SIGTERM)
        #expect(up.wait(timeout: 15) != nil, "up did not exit")
    }
}

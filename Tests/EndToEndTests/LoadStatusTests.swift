import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// The load-status plugin with real processes: core + loader + loadstatus (no renderer: the core
/// finishes frames itself). The initial map not-loaded is not published as an event; it is what
/// get-load-status answers before the first change.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LoadStatusTests {
    /// Starts core, loader and loadstatus, waits until the plugins registered, and writes the demo.
    private func start() throws -> (TestRun, styleURL: String) {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        try run.start("mapwire-loadstatus")
        // The plugin says hello only once its subscription is live, so this also means no event is missed.
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.pluginRoles ?? []).contains("load-status") })
        let demo = try run.mapwire(["demo", "-o", run.file("demo").path])
        #expect(demo.status == 0)
        return (run, demo.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// "target status[ error]" for each load-status-changed in the log.
    private func changes(_ log: EventLog, target: String? = nil) -> [String] {
        log.payloads { payload -> Mapwire_V1_LoadStatusChanged? in
            if case .loadStatusChanged(let c) = payload, target == nil || c.target == target { c } else { nil }
        }.map { "\($0.target) \($0.status.documentedName)" + ($0.hasError ? " \($0.error)" : "") }
    }

    private func isLoaded(_ target: String) -> (String, Mapwire_V1_Envelope) -> Bool {
        { _, envelope in
            if case .loadStatusChanged(let c) = envelope.payload { c.target == target && c.status == .loaded } else { false }
        }
    }

    @Test func theDemoLoadsAndStatusPrintsIt() throws {
        let (run, styleURL) = try start()
        let initial = try run.mapwire(["status", "--run-dir", run.runDirectory.path, "--format", "json"])
        #expect(initial.stdout == #"{"target":"map","status":"not-loaded"}"# + "\n")

        let events = try run.subscribe(["load-status-changed"])
        #expect(try run.send(.setStyleUri(.with { $0.uri = styleURL })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, until: isLoaded("map")))
        #expect(changes(log, target: "map") == ["map loading", "map loaded"])
        #expect(changes(log, target: "town") == ["town loading", "town loaded"])
        let json = try #require(log.events.first?.envelope.monitorJSON?.serialized)
        #expect(json.contains(#""type":"load-status-changed","data":{"target":"map","status":"loading"}"#))

        let status = try run.mapwire(["status", "--run-dir", run.runDirectory.path, "--format", "json"])
        #expect(status.status == 0)
        #expect(status.stdout == #"{"target":"map","status":"loaded"}"# + "\n" + #"{"target":"town","status":"loaded"}"# + "\n")
        let text = try run.mapwire(["status", "--run-dir", run.runDirectory.path])
        #expect(text.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") } == ["map loaded", "town loaded"])

        // An added source gets an entry; removing it drops the entry.
        let source = #"{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}"#
        #expect(try run.send(.addSource(.with { $0.id = "extra"; $0.json = source })).ok)
        log = EventLog()
        #expect(try log.collect(from: events) { _, envelope in
            if case .loadStatusChanged(let c) = envelope.payload { c.target == "extra" } else { false }
        })
        #expect(changes(log, target: "extra").first == "extra loading")
        #expect(try run.send(.removeSource(.with { $0.id = "extra" })).ok)
        #expect(waitUntil {
            let report = (try? run.send(.getLoadStatus(.init())))?.loadStatus.statuses.map(\.target)
            return report == ["map", "town"]
        })
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func brightV9OverChicagoGoesFromNotLoadedThroughLoadingToLoaded() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader", ["--rewrite", "mapbox://mapbox.mapbox-streets-v7=file://\(fixtures.path)/tiles/streets-v7/chicago/{z}-{x}-{y}.mvt",
                                         "--rewrite", "mapbox://fonts/mapbox/=file://\(fixtures.path)/glyphs/"])
        try run.start("mapwire-loadstatus")
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.pluginRoles ?? []).contains("load-status") })
        #expect(try run.send(.getLoadStatus(.init())).loadStatus.statuses.map { "\($0.target) \($0.status.documentedName)" } == ["map not-loaded"])
        let events = try run.subscribe(["load-status-changed"])
        #expect(try run.send(.setCamera(.with { $0.center = .with { $0.longitude = -87.625; $0.latitude = 41.875 }; $0.zoom = 13.3 })).ok)
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(fixtures.path)/styles/bright-v9.json" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, until: isLoaded("map")))
        #expect(changes(log, target: "map") == ["map loading", "map loaded"])
        #expect(changes(log, target: "mapbox") == ["mapbox loading", "mapbox loaded"])
    }

    @Test func aMissingStyleFailsAndTheDemoStyleRecovers() throws {
        let (run, styleURL) = try start()
        let events = try run.subscribe(["load-status-changed"])
        let missing = run.file("absent.json").path
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(missing)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { _, envelope in
            if case .loadStatusChanged(let c) = envelope.payload { c.status == .failed } else { false }
        })
        let failed = changes(log, target: "map")
        #expect(failed.count == 2 && failed.first == "map loading")
        #expect(failed.last?.hasPrefix("map failed") == true && failed.last?.contains(missing) == true)
        let status = try run.mapwire(["status", "--run-dir", run.runDirectory.path, "--format", "json"])
        #expect(status.stdout.contains(#""status":"failed","error":"#) && status.stdout.contains(missing))

        log = EventLog()
        #expect(try run.send(.setStyleUri(.with { $0.uri = styleURL })).ok)
        #expect(try log.collect(from: events, until: isLoaded("map")))
        #expect(changes(log, target: "map") == ["map loading", "map loaded"])
    }

    @Test func statusWatchPrintsEachChangeAsAJSONLine() throws {
        let (run, styleURL) = try start()
        let watch = try run.start("mapwire", ["status", "--run-dir", run.runDirectory.path, "--watch", "--format", "json", "--timeout", "20"],
                                  name: "watch", withRunDir: false)
        // The first line (the current status) is printed after the subscription is live.
        #expect(watch.waitFor(#"{"target":"map","status":"not-loaded"}"#, inStderr: false))
        #expect(try run.send(.setStyleUri(.with { $0.uri = styleURL })).ok)
        #expect(watch.waitFor(#"{"target":"map","status":"loaded"}"#, inStderr: false, timeout: 20))
        watch.stop()
        let lines = watch.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [#"{"target":"map","status":"not-loaded"}"#, #"{"target":"map","status":"loading"}"#,
                          #"{"target":"town","status":"loading"}"#, #"{"target":"town","status":"loaded"}"#,
                          #"{"target":"map","status":"loaded"}"#])
    }

    @Test func upStartsTheLoadStatusPlugin() throws {
        let run = try TestRun()
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--plugins", "loader,loadstatus"],
                               name: "up", withRunDir: false)
        #expect(up.waitFor("plugin loadstatus: pid", inStderr: false, timeout: 30), "up did not start it: \(up.stderr)")
        #expect(waitUntil(timeout: 20) {
            let status = (try? run.mapwire(["status", "--run-dir", run.runDirectory.path]))?.stdout ?? ""
            return status.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") } == ["map loaded", "town loaded"]
        })
        up.signal(SIGTERM)
        #expect(up.wait(timeout: 15) != nil)
    }

    @Test func theCoreChecksAndRelaysPublishLoadStatus() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["load-status-changed"])
        #expect(try run.send(.publishLoadStatus(.with { $0.change = .with { $0.status = .loading } })).ok == false)
        #expect(try run.send(.publishLoadStatus(.with { $0.change = .with { $0.target = "map" } })).ok == false)
        // A source the map does not have (removed, or from a replaced style) cannot come back...
        #expect(try run.send(.publishLoadStatus(.with { $0.change = .with { $0.target = "roads"; $0.status = .loaded } })).ok == false)
        // ...but not-loaded for it is published, so watchers drop it, and leaves no entry.
        #expect(try run.send(.publishLoadStatus(.with { $0.change = .with { $0.target = "roads"; $0.status = .notLoaded } })).ok)
        #expect(try run.send(.publishLoadStatus(.with { $0.change = .with { $0.target = "map"; $0.status = .failed; $0.error = "gone" } })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 5) { _, envelope in
            if case .loadStatusChanged(let c) = envelope.payload { c.target == "map" } else { false }
        })
        #expect(changes(log) == ["roads not-loaded", "map failed gone"])
        let report = try run.send(.getLoadStatus(.init())).loadStatus.statuses
        #expect(report.map(\.documentedJSON.serialized) == [#"{"target":"map","status":"failed","error":"gone"}"#])
    }
}

import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol
import MapWireTesting
import Testing

/// `mapwire up` as a supervisor, and chaos runs: loaders killed with SIGKILL mid-load,
/// a renderer stopped with SIGSTOP. Nothing may be lost: the map still reaches map-idle with every tile.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SupervisionTests {
    /// Starts `mapwire up` in `run` with `arguments`, waits for its first style, returns it.
    func startUp(_ run: TestRun, _ arguments: [String]) throws -> TestProcess {
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path] + arguments, name: "up", withRunDir: false)
        #expect(up.waitFor("style:", inStderr: false, timeout: 30), "up did not start: \(up.stderr)")
        return up
    }

    /// The pids of the registered plugins named `name` whose processes are alive.
    func livePIDs(_ run: TestRun, name: String) throws -> [Int32] {
        try run.state().plugins.filter { $0.name == name && $0.pid != 0 }.map { Int32($0.pid) }.filter { kill($0, 0) == 0 }
    }

    @Test func upRestartsAKilledLoaderAndReportsIt() throws {
        let run = try TestRun()
        let (style, _) = try run.tiledStyle()
        let up = try startUp(run, ["--style", style.path, "--plugins", "loader", "--heartbeat-ms", "200"])
        let events = try run.subscribe(["plugin-"])
        guard let first = try livePIDs(run, name: "mapwire-loader").first else { Issue.record("no loader"); return }
        kill(first, SIGKILL)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "plugin-supervision" })
        let reports = log.payloads { if case .pluginSupervision(let s) = $0 { s } else { nil } }
        #expect(reports.first?.action == .restarted)
        #expect(reports.first?.oldPid == UInt32(first))
        #expect(reports.first?.reason == "killed by signal 9")
        #expect(waitUntil { ((try? livePIDs(run, name: "mapwire-loader")) ?? []).contains { $0 != first } })
        #expect(up.isRunning)
        #expect(up.stdout.contains("supervisor: restarted loader"))
    }

    @Test func upKillsAndRestartsAHungLoader() throws {
        let run = try TestRun()
        let (style, _) = try run.tiledStyle()
        let up = try startUp(run, ["--style", style.path, "--plugins", "loader", "--heartbeat-ms", "150"])
        let events = try run.subscribe(["plugin-"])
        guard let hung = try livePIDs(run, name: "mapwire-loader").first else { Issue.record("no loader"); return }
        defer { kill(hung, SIGCONT) }
        kill(hung, SIGSTOP)
        let stoppedAt = monotonicMillis()
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "plugin-supervision" })
        let restartedAfter = monotonicMillis() - stoppedAt
        let gone = log.payloads { if case .pluginGone(let g) = $0 { g } else { nil } }
        let reports = log.payloads { if case .pluginSupervision(let s) = $0 { s } else { nil } }
        #expect(gone.first?.pid == UInt32(hung) && gone.first?.reason == .heartbeatTimeout)
        #expect(reports.first?.action == .restarted && reports.first?.reason == "hung (declared gone by the core)")
        #expect(waitUntil { kill(hung, 0) != 0 }, "the hung loader was killed")
        #expect(waitUntil { ((try? livePIDs(run, name: "mapwire-loader")) ?? []).contains { $0 != hung } })
        #expect(up.isRunning)
        figure("hung loader (SIGSTOP) under mapwire up --heartbeat-ms 150: declared gone, killed and restarted \(restartedAfter) ms after it stopped")
    }

    @Test func upGivesUpAfterFiveRestartsInTenSeconds() throws {
        let run = try TestRun()
        let (style, _) = try run.tiledStyle()
        let up = try startUp(run, ["--style", style.path, "--plugins", "loader", "--heartbeat-ms", "200", "--restart-backoff-ms", "20"])
        let events = try run.subscribe(["plugin-supervision"])
        var killed: Set<Int32> = []
        var log = EventLog()
        func gaveUp() -> Bool {
            !log.payloads { if case .pluginSupervision(let s) = $0, s.action == .gaveUp { s } else { nil } }.isEmpty
        }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !gaveUp() {
            // Kill every loader that runs, as soon as it runs.
            for child in up.childPIDs(named: "mapwire-loader") where !killed.contains(child) {
                kill(child, SIGKILL)
                killed.insert(child)
            }
            _ = try log.collect(from: events, timeout: 0.05) { _, _ in false }
        }
        let reports = log.payloads { if case .pluginSupervision(let s) = $0 { s } else { nil } }
        #expect(reports.filter { $0.action == .restarted }.count == 5)
        #expect(reports.last?.action == .gaveUp)
        #expect(reports.last?.restartsInWindow == 5)
        #expect(up.isRunning, "up keeps the core running without the plugin")
        #expect(try run.send(.ping(.init())).ok)
    }

    @Test func chaosTwentyLoaderKillsDuringALoadLoseNothing() throws {
        let run = try TestRun()
        let (style, tiles) = try run.tiledStyle(viewSize: 4096)
        let up = try startUp(run, ["--style", style.path, "--plugins", "loader", "--heartbeat-ms", "100", "--size", "4096x4096",
                                   "--loader-delay-ms", "100", "--max-restarts", "1000", "--restart-backoff-ms", "10"])
        let events = try run.subscribe()
        var log = EventLog()
        var killed: [Int32] = []
        var generator = SystemRandomNumberGenerator()
        while killed.count < 20 {
            // Wait for a fresh loader to register, let it work a random moment, then kill it.
            var fresh: Int32?
            #expect(waitUntil(timeout: 10) {
                fresh = ((try? livePIDs(run, name: "mapwire-loader")) ?? []).first { !killed.contains($0) }
                return fresh != nil
            }, "no loader came back after kill \(killed.count)")
            guard let pid = fresh else { break }
            _ = try log.collect(from: events, timeout: Double.random(in: 0.05...0.3, using: &generator)) { _, _ in false }
            #expect(!log.topics.contains("map-idle"), "the load finished before kill \(killed.count + 1): make it longer")
            kill(pid, SIGKILL)
            killed.append(pid)
        }
        #expect(try log.collect(from: events, timeout: 60) { topic, _ in topic == "map-idle" })
        let tileRequests = log.resourceRequests.filter { $0.request.kind == .tile }
        let state = try run.state()
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors.map(\.message))")
        #expect(tileRequests.count == tiles.count)
        #expect(tileRequests.allSatisfy { !$0.response.hasError && !$0.cancelled })
        #expect(state.counters.requestsTimedOut == 0)
        #expect(state.pendingRequests == 0)
        #expect(up.isRunning)
        figure("chaos: \(killed.count) loader kills (SIGKILL) survived during one load of \(tiles.count) tiles; "
               + "requests lost 0 (timed out \(state.counters.requestsTimedOut), loading errors \(log.loadingErrors.count)); "
               + "re-dispatched \(state.counters.requestsRedispatched), sent \(state.counters.requestsSent), late replies dropped \(state.counters.lateRepliesDropped)")
    }
}

extension TestProcess {
    /// Children of this process (by /proc) whose executable is `named`.
    func childPIDs(named: String) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return name == named.prefix(15) && fields.count > 1 && Int32(fields[1]) == self.pid && fields[0] != "Z"
        }
    }
}

/// Each plugin process slot has its own restart budget, and a spent budget is
/// reported but not final: the slot keeps being restarted, more slowly.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SupervisionSlotTests {
    @Test func twoLoadersHaveTheirOwnBudgetsAndAGiveUpIsNotFinal() throws {
        let run = try TestRun()
        let (style, _) = try run.tiledStyle()
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--style", style.path, "--plugins", "loader,loader",
                                           "--heartbeat-ms", "200", "--restart-backoff-ms", "20"], name: "up", withRunDir: false)
        #expect(up.waitFor("style:", inStderr: false, timeout: 30), "up did not start: \(up.stderr)")
        let pids = up.stdout.split(separator: "\n").filter { $0.hasPrefix("plugin loader: pid ") }.compactMap { Int32($0.split(separator: " ").last ?? "") }
        guard pids.count == 2 else { Issue.record("two loaders: \(up.stdout)"); return }
        let events = try run.subscribe(["plugin-supervision"])
        var log = EventLog()
        func reports() -> [Mapwire_V1_PluginSupervision] { log.payloads { if case .pluginSupervision(let s) = $0 { s } else { nil } } }
        // Kill the first slot's loader each time it comes back, until the supervisor gives up on it.
        var current = pids[0]
        var kills = 0
        while kills < 10, !reports().contains(where: { $0.action == .gaveUp }) {
            kill(current, SIGKILL)
            kills += 1
            #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "plugin-supervision" }, "no report after kill \(kills)")
            guard let last = reports().last else { break }
            if last.action == .restarted { current = Int32(last.newPid) }
        }
        let gaveUp = reports().filter { $0.action == .gaveUp }
        #expect(gaveUp.map(\.plugin) == ["loader"], "only the first slot: \(gaveUp)")
        #expect(gaveUp.first?.restartsInWindow == 5)
        // Not final: the slot is started again after the give-up.
        #expect(try log.collect(from: events, timeout: 10) { _, envelope in
            if case .pluginSupervision(let s) = envelope.payload { s.action == .restarted && s.plugin == "loader" } else { false }
        }, "the first slot was not retried after the give-up")
        #expect(kill(pids[1], 0) == 0, "the second loader was never touched")
        #expect(!reports().contains { $0.plugin == "loader#2" })
        #expect(up.stdout.contains("still retrying"))
        figure("supervision: \(kills) kills of one of two loaders: give-up reported for that slot only, which was restarted again; the other loader kept its pid")
    }

    @Test func restartPluginAsksUpForAFreshProcess() throws {
        let run = try TestRun()
        let (style, _) = try run.tiledStyle()
        // No up yet: nobody supervises.
        let alone = try run.mapwire(["send", "restart-plugin", "loader", "--run-dir", run.runDirectory.path])
        #expect(alone.status == 2 && alone.stderr.contains("no `mapwire up` answers"), "\(alone.stderr)")
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--style", style.path, "--plugins", "loader"],
                               name: "up", withRunDir: false)
        #expect(up.waitFor("style:", inStderr: false, timeout: 30), "up did not start: \(up.stderr)")
        guard let old = up.childPIDs(named: "mapwire-loader").first else { Issue.record("no loader"); return }
        let events = try run.subscribe(["plugin-supervision"])
        let result = try run.mapwire(["send", "restart-plugin", "loader", "--run-dir", run.runDirectory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("restarted loader: pid \(old) → "), "\(result.stdout)")
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "plugin-supervision" })
        let report = log.payloads { if case .pluginSupervision(let s) = $0 { s } else { nil } }.first
        #expect(report?.action == .restarted && report?.oldPid == UInt32(old) && report?.reason == "requested (restart-plugin)")
        #expect(waitUntil { kill(old, 0) != 0 } && waitUntil { !up.childPIDs(named: "mapwire-loader").isEmpty })
        let none = try run.mapwire(["send", "restart-plugin", "renderer", "--run-dir", run.runDirectory.path])
        #expect(none.status == 1 && none.stderr.contains("runs no renderer plugin"), "\(none.stderr)")
    }
}

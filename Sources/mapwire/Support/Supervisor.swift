import Foundation
import MapWireProcess
import MapWireProtocol
import MapWirePluginKit

/// `mapwire up`'s supervision of its plugin processes: a plugin that exits (crash, kill -9) or hangs
/// (the core declared it gone after missed heartbeats; it is killed first) is started again after a
/// backoff, and given up on after `maxRestarts` restarts within `windowMillis`. Every restart and
/// every give-up is reported to the core, which publishes it as a plugin-supervision event.
final class Supervisor {
    let maxRestarts: Int
    let windowMillis: Int64
    private var restartTimes: [String: [Int64]] = [:]
    private var pending: [(due: Int64, child: ChildProcess, reason: String)] = []
    private var hungPIDs: Set<Int32> = []
    private(set) var givenUp: [String] = []
    /// Restarts done so far, for the closing figures.
    private(set) var restarts = 0

    let backoffBaseMillis: Int64

    init(maxRestarts: Int = 5, windowMillis: Int64 = 10_000, backoffBaseMillis: Int64 = 100) {
        self.maxRestarts = maxRestarts
        self.windowMillis = windowMillis
        self.backoffBaseMillis = backoffBaseMillis
    }

    /// Waits between a crash and the restart: the base (100 ms), doubling per recent restart, at
    /// most 20 × the base (2 s).
    func backoffMillis(recentRestarts: Int) -> Int64 {
        min(20 * backoffBaseMillis, backoffBaseMillis << Int64(min(recentRestarts, 5)))
    }

    /// The core declared a plugin gone. If it is one of ours and still running, it hangs: kill it,
    /// and the next tick restarts it.
    func pluginGone(_ gone: Mapwire_V1_PluginGone, launcher: MapLauncher) {
        guard gone.reason == .heartbeatTimeout, gone.pid != 0,
              let child = launcher.plugins.first(where: { $0.pid == Int32(gone.pid) }), child.isRunning else { return }
        hungPIDs.insert(child.pid)
        Output.line("supervisor: \(child.name) (pid \(child.pid)) stopped answering heartbeats; killing it")
        kill(child.pid, SIGKILL)
    }

    /// Restarts what exited and is due; reports through `report`.
    func tick(launcher: MapLauncher, report: (Mapwire_V1_PluginSupervision) -> Void) {
        let now = monotonicMillis()
        for child in launcher.plugins where !child.isRunning && !pending.contains(where: { $0.child === child }) {
            let reason = hungPIDs.remove(child.pid) != nil ? "hung (declared gone by the core)" : child.exitDescription
            var times = restartTimes[child.name, default: []].filter { now - $0 < windowMillis }
            restartTimes[child.name] = times
            if times.count >= maxRestarts {
                givenUp.append(child.name)
                launcher.forget(child)
                Output.line("supervisor: giving up on \(child.name) after \(times.count) restarts in \(windowMillis / 1000) s (\(reason))")
                report(.with {
                    $0.plugin = child.name
                    $0.action = .gaveUp
                    $0.oldPid = UInt32(child.pid)
                    $0.restartsInWindow = UInt32(times.count)
                    $0.reason = reason
                })
                continue
            }
            times.append(now)
            restartTimes[child.name] = times
            pending.append((now + backoffMillis(recentRestarts: times.count - 1), child, reason))
        }
        let due = pending.filter { $0.due <= now }
        pending.removeAll { $0.due <= now }
        for item in due {
            do {
                let fresh = try launcher.restart(item.child)
                restarts += 1
                Output.line("supervisor: restarted \(fresh.name): pid \(item.child.pid) → \(fresh.pid) (\(item.reason))")
                report(.with {
                    $0.plugin = fresh.name
                    $0.action = .restarted
                    $0.oldPid = UInt32(item.child.pid)
                    $0.newPid = UInt32(fresh.pid)
                    $0.restartsInWindow = UInt32(restartTimes[fresh.name]?.count ?? 1)
                    $0.reason = item.reason
                })
            } catch {
                Output.line("supervisor: could not restart \(item.child.name): \(error)")
            }
        }
    }
}

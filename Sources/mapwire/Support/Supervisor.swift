import Foundation
import MapWireProcess
import MapWireProtocol

/// `mapwire up`'s supervision of its plugin processes: a plugin that exits (crash, kill -9) or hangs
/// (the core declared it gone after missed heartbeats; it is killed first) is started again after a
/// backoff (RestartSchedule). Each process slot has its own budget; a spent budget is reported as a
/// give-up and the slot keeps being retried with a longer, capped backoff. Every restart and
/// give-up is reported to the core, which publishes it as a plugin-supervision event.
final class Supervisor {
    let schedule: RestartSchedule
    /// Per slot: the index of the plugin in the launcher's list.
    private var slots: [Int: RestartSchedule.Slot] = [:]
    private var pending: [(due: Int64, slot: Int, child: ChildProcess, reason: String, restartsInWindow: Int)] = []
    private var hungPIDs: Set<Int32> = []
    /// Restarts done so far, for the closing figures.
    private(set) var restarts = 0

    init(schedule: RestartSchedule) {
        self.schedule = schedule
    }

    /// The core declared a plugin gone. If it is one of ours and still running, it hangs: kill it,
    /// and the next tick restarts it.
    func pluginGone(_ gone: Mapwire_V1_PluginGone, launcher: MapLauncher) {
        // Hung (no heartbeats) or unresponsive (heartbeats, but its requests time out): kill it, so it restarts.
        guard gone.reason == .heartbeatTimeout || gone.reason == .unresponsive, gone.pid != 0,
              let child = launcher.plugins.first(where: { $0.pid == Int32(gone.pid) }), child.isRunning else { return }
        hungPIDs.insert(child.pid)
        let what = gone.reason == .unresponsive ? "let its requests time out" : "stopped answering heartbeats"
        Output.line("supervisor: \(child.name) (pid \(child.pid)) \(what); killing it")
        kill(child.pid, SIGKILL)
    }

    /// Schedules what exited, restarts what is due; reports through `report`.
    func tick(launcher: MapLauncher, report: (Mapwire_V1_PluginSupervision) -> Void) {
        let now = monotonicMillis()
        let plugins = launcher.plugins
        for (index, child) in plugins.enumerated() where !child.isRunning && !pending.contains(where: { $0.child === child }) {
            let reason = hungPIDs.remove(child.pid) != nil ? "hung (declared gone by the core)" : child.exitDescription
            let decision = schedule.childEnded(&slots[index, default: .init()], atMillis: now)
            let label = Self.label(plugins, index)
            if decision.gaveUp {
                Output.line("supervisor: giving up on \(label) after \(decision.recentRestarts) restarts in \(schedule.windowMillis / 1000) s (\(reason)); "
                            + "still retrying, at most every \(schedule.retryCapMillis / 1000) s")
                report(.with {
                    $0.plugin = label
                    $0.action = .gaveUp
                    $0.oldPid = UInt32(child.pid)
                    $0.restartsInWindow = UInt32(decision.recentRestarts)
                    $0.reason = reason
                })
            }
            pending.append((decision.restartAtMillis, index, child, reason, decision.recentRestarts + 1))
        }
        let due = pending.filter { $0.due <= now }
        pending.removeAll { $0.due <= now }
        for item in due {
            let label = Self.label(plugins, item.slot)
            do {
                let fresh = try launcher.restart(item.child)
                restarts += 1
                Output.line("supervisor: restarted \(label): pid \(item.child.pid) → \(fresh.pid) (\(item.reason))")
                report(.with {
                    $0.plugin = label
                    $0.action = .restarted
                    $0.oldPid = UInt32(item.child.pid)
                    $0.newPid = UInt32(fresh.pid)
                    $0.restartsInWindow = UInt32(item.restartsInWindow)
                    $0.reason = item.reason
                })
            } catch {
                Output.line("supervisor: could not restart \(label): \(error)")
            }
        }
    }

    /// `mapwire send restart-plugin ROLE`: stops the plugins of that role (or cuts short their
    /// backoff) and starts them again at once, each slot with a fresh budget. Returns what it did.
    func restartNow(role: String, launcher: MapLauncher, report: (Mapwire_V1_PluginSupervision) -> Void) throws -> String {
        let plugins = launcher.plugins
        let indices = plugins.indices.filter { MapLauncher.role(of: plugins[$0].name) == role }
        guard !indices.isEmpty else { throw SupervisorRefusal(description: "this mapwire up runs no \(role) plugin") }
        var done: [String] = []
        for index in indices {
            let old = plugins[index]
            let label = Self.label(plugins, index)
            old.stop()
            pending.removeAll { $0.child === old }
            slots[index] = nil
            let fresh = try launcher.restart(old)
            restarts += 1
            Output.line("supervisor: restarted \(label) on request: pid \(old.pid) → \(fresh.pid)")
            report(.with {
                $0.plugin = label
                $0.action = .restarted
                $0.oldPid = UInt32(old.pid)
                $0.newPid = UInt32(fresh.pid)
                $0.restartsInWindow = 0
                $0.reason = "requested (restart-plugin)"
            })
            done.append("restarted \(label): pid \(old.pid) → \(fresh.pid)")
        }
        return done.joined(separator: "; ")
    }

    /// A slot's name in reports: the plugin's name, with "#2", "#3" … for further slots of the same name.
    static func label(_ plugins: [ChildProcess], _ index: Int) -> String {
        let name = plugins[index].name
        let before = plugins[..<index].filter { $0.name == name }.count
        return before == 0 ? name : "\(name)#\(before + 1)"
    }
}

struct SupervisorRefusal: Error, CustomStringConvertible {
    let description: String
}

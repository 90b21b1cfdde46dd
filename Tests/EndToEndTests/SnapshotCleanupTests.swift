import Foundation
import MapWireTesting
import Testing

/// `mapwire snapshot` stops its children and removes its temporary folder on
/// SIGINT/SIGTERM, and a plugin that dies is named as the cause (not "the core did not answer").
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SnapshotCleanupTests {
    /// The snapshot's temporary folder, from its core's --run-dir argument.
    func scratchFolder(ofCore pid: Int32) -> String? {
        guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        let arguments = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let index = arguments.firstIndex(of: "--run-dir"), index + 1 < arguments.count else { return nil }
        return (arguments[index + 1] as NSString).deletingLastPathComponent
    }

    /// A snapshot kept waiting by a slow loader, long enough to be interrupted, once its core, loader and
    /// renderer run; with their pids.
    func waitingSnapshot(_ run: TestRun) throws -> (TestProcess, children: [Int32]) {
        let snapshot = try run.start("mapwire", ["snapshot", "-o", run.file("out.png").path, "--loader-delay-ms", "3000"],
                                     name: "snapshot", withRunDir: false)
        var children: [Int32] = []
        #expect(waitUntil(timeout: 30) {
            children = ["mapwire-core", "mapwire-loader", "mapwire-renderer"].flatMap { snapshot.childPIDs(named: $0) }
            return children.count == 3
        }, "the snapshot's children did not start: \(snapshot.stderr)")
        return (snapshot, children)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalStopsEveryChildAndRemovesTheFolder(signal: Int32) throws {
        let run = try TestRun()
        let (snapshot, children) = try waitingSnapshot(run)
        guard let core = snapshot.childPIDs(named: "mapwire-core").first, let folder = scratchFolder(ofCore: core) else {
            Issue.record("no core"); return
        }
        #expect(FileManager.default.fileExists(atPath: folder))
        snapshot.signal(signal)
        #expect(snapshot.wait(timeout: 15) == 1, "\(snapshot.stderr)")
        #expect(children.allSatisfy { kill($0, 0) == -1 && errno == ESRCH }, "a child outlived the snapshot")
        #expect(!FileManager.default.fileExists(atPath: folder), "the temporary folder \(folder) is left behind")
        #expect(snapshot.stderr.contains("interrupted by a signal"), "\(snapshot.stderr)")
        #expect(!FileManager.default.fileExists(atPath: run.file("out.png").path))
    }

    /// SIGKILL cannot be caught: the children were started with PR_SET_PDEATHSIG, so the kernel kills
    /// them with the snapshot (its folder stays: nobody is left to remove it).
    @Test func childrenDieWithASnapshotKilledBySIGKILL() throws {
        let run = try TestRun()
        let (snapshot, children) = try waitingSnapshot(run)
        let folder = snapshot.childPIDs(named: "mapwire-core").first.flatMap(scratchFolder(ofCore:))
        snapshot.signal(SIGKILL)
        #expect(snapshot.wait(timeout: 15) == SIGKILL)
        #expect(waitUntil(timeout: 10) { children.allSatisfy(Self.isGone) }, "a child outlived the snapshot: \(children)")
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Ended: no such process, or a zombie nobody has reaped yet (an orphan's new parent may be slow to).
    static func isGone(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        return status.split(separator: "\n").contains { $0.hasPrefix("State:") && $0.contains("Z") }
    }

    @Test func aCrashingRendererIsNamedWithItsLastLogLine() throws {
        let run = try TestRun()
        // The real programs, except a renderer that writes a line and dies of SIGILL (as a trap would).
        let bin = try standInBin(run, renderer: "#!/bin/sh\necho 'stand-in renderer: about to trap' >&2\nkill -ILL $$\n")
        let snapshot = try run.startProgram(bin.appendingPathComponent("mapwire").path, ["snapshot", "-o", run.file("out.png").path],
                                            name: "snapshot")
        let status = snapshot.wait(timeout: 60)
        #expect(status != nil && status != 0, "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("the renderer (pid"), "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("was killed by signal 4"), "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("its last log line: stand-in renderer: about to trap"), "\(snapshot.stderr)")
        #expect(!snapshot.stderr.contains("did not answer"))
        figure("snapshot with a crashing renderer: \(snapshot.stderr.split(separator: "\n").last ?? "")")
    }

    /// A stand-in renderer in Python (the SDK's Plugin) that registers and then dies of SIGILL on the
    /// first frame: the snapshot, already waiting for its frame, names it instead of timing out.
    @Test(.enabled(if: Prerequisites.pythonSDK, Prerequisites.pythonSDKMissing))
    func aRendererCrashingMidFrameIsNamedWhileTheSnapshotWaits() throws {
        let run = try TestRun()
        let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Plugins/python").path
        let bin = try standInBin(run, renderer: """
            #!/usr/bin/env python3
            import os, signal, sys
            sys.path.insert(0, \(String(reflecting: python)))
            from mapwire_protocol import Plugin
            plugin = Plugin("stand-in-renderer", ["renderer"], run_dir=sys.argv[sys.argv.index("--run-dir") + 1])

            @plugin.handles("render_frame")
            def crash(frame, request):
                print("stand-in renderer: trapping on frame", request.id, file=sys.stderr, flush=True)
                os.kill(os.getpid(), signal.SIGILL)

            plugin.run()

            """)
        let snapshot = try run.startProgram(bin.appendingPathComponent("mapwire").path, ["snapshot", "-o", run.file("out.png").path],
                                            name: "snapshot")
        #expect(snapshot.wait(timeout: 60) == 1, "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("the renderer (pid"), "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("was killed by signal 4; its last log line: stand-in renderer: trapping on frame"), "\(snapshot.stderr)")
        #expect(!snapshot.stderr.contains("did not answer") && !snapshot.stderr.contains("did not register"))
        figure("snapshot, renderer crashing mid-frame: \(snapshot.stderr.split(separator: "\n").last ?? "")")
    }

    /// A folder with a copy of `mapwire` (which starts its siblings), links to the real core and loader,
    /// and `renderer` as mapwire-renderer.
    func standInBin(_ run: TestRun, renderer: String) throws -> URL {
        let bin = run.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binaries.path("mapwire"), toPath: bin.appendingPathComponent("mapwire").path)
        for name in ["mapwire-core", "mapwire-loader"] {
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: Binaries.path(name))
        }
        let path = bin.appendingPathComponent("mapwire-renderer").path
        try Data(renderer.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return bin
    }
}

import Foundation
import MapWireBus
import MapWireProcess
import Testing

/// PROTOCOL.md 2.2, with two Unix users: another local user who plants sockets in a run directory
/// it can write to must not pass for the core. The core refuses the folder (and a foreign entry in
/// it) with a clear message; plugins and clients refuse to connect. Needs root (to make the second
/// user, removed afterwards) and /usr/bin/python3 (the impostor).
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ImpostorCoreTests {
    /// The impostor: listens on Unix sockets named control and events in the folder (the standard
    /// library is enough: a ZeroMQ peer would connect and send its greeting) and prints a line for
    /// every connection it gets.
    static let impostor = """
        import os, select, socket, sys, time
        folder = sys.argv[1]
        listeners = []
        for name in ("control", "events"):
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            listener.bind(os.path.join(folder, name)); listener.listen(16)
            listeners.append(listener)
        print("impostor listening", flush=True)
        end = time.time() + 120
        while time.time() < end:
            ready, _, _ = select.select(listeners, [], [], 0.2)
            for listener in ready:
                listener.accept()
                print("impostor got a connection", flush=True)
        """

    /// Runs a system command to its end; its exit status.
    @discardableResult
    func system(_ path: String, _ arguments: [String]) throws -> Int32? {
        let child = try ChildProcess(name: URL(fileURLWithPath: path).lastPathComponent, executable: URL(fileURLWithPath: path),
                                     arguments: arguments, standardOutput: .discarded, standardError: .discarded)
        guard child.waitForExit(timeout: 30) else { child.stop(); return nil }
        return child.termination?.status
    }

    @Test(.enabled(if: Prerequisites.isRoot, Prerequisites.notRoot),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
                   "/usr/bin/python3 is missing (the impostor needs it)"))
    func anotherUsersSocketsAreRefusedByTheCoreAndByPeers() throws {
        let user = "mwimp\(UInt32.random(in: 0..<UInt32.max) % 1_000_000)"
        #expect(try system("/usr/sbin/useradd", ["-M", "-N", "-r", "-s", "/usr/sbin/nologin", user]) == 0)
        defer { try? system("/usr/sbin/userdel", [user]) }

        let run = try TestRun()
        let shared = run.directory.appendingPathComponent("shared").path
        #expect(mkdir(shared, 0o700) == 0)
        chmod(shared, 0o777)   // a shared folder: anyone may write in it
        let impostor = try run.startProgram("/usr/sbin/runuser", ["-u", user, "--", "/usr/bin/python3", "-u", "-c", Self.impostor, shared],
                                            name: "impostor")
        defer { for pid in impostor.childPIDs(named: "python3") { kill(pid, SIGKILL) } }
        #expect(impostor.waitFor("impostor listening", inStderr: false, timeout: 20), "\(impostor.stderr)")
        var socketInfo = stat()
        #expect(lstat(shared + "/control", &socketInfo) == 0 && socketInfo.st_uid != 0, "the impostor's socket is there")

        // The core refuses the writable folder instead of making it private and keeping the socket.
        let core = try run.start("mapwire-core", ["--run-dir", shared], withRunDir: false)
        #expect(core.wait(timeout: 10) == 2, "\(core.stderr)")
        #expect(core.stderr.contains("writable by group or others (mode 0777)"), "\(core.stderr)")
        // A plugin and a client refuse to connect to it.
        let loader = try run.start("mapwire-loader", ["--run-dir", shared], withRunDir: false)
        #expect(loader.wait(timeout: 10).map { $0 != 0 } == true, "the loader connected: \(loader.stderr)")
        #expect(loader.stderr.contains("writable by group or others"), "\(loader.stderr)")
        let ping = try run.mapwire(["send", "ping", "--run-dir", shared])
        #expect(ping.status == 2 && ping.stderr.contains("writable by group or others"), "\(ping.stderr)")

        // Made private later, the folder still holds the impostor's sockets: refused by both sides too.
        chmod(shared, 0o700)
        let again = try run.start("mapwire-core", ["--run-dir", shared], withRunDir: false)
        #expect(again.wait(timeout: 10) == 2, "\(again.stderr)")
        #expect(again.stderr.contains("belongs to uid \(socketInfo.st_uid), not to this user"), "\(again.stderr)")
        let renderer = try run.start("mapwire-loader", ["--run-dir", shared], name: "loader-2", withRunDir: false)
        #expect(renderer.wait(timeout: 10).map { $0 != 0 } == true, "the loader connected: \(renderer.stderr)")
        #expect(renderer.stderr.contains("it is not your core"), "\(renderer.stderr)")
        #expect(!impostor.stdout.contains("impostor got a connection"), "a peer connected to the impostor: \(impostor.stdout)")
        figure("impostor core (second Unix user, sockets planted in a 0777 folder): core exits 2, loader and `mapwire send` refuse; connections the impostor got: 0")
    }
}

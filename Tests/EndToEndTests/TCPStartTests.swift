import Foundation
import MapWireBus
import Testing

/// A TCP set-up the core cannot serve makes it exit 2 at once with the reason
/// (it used to hang in zmq_ctx_term); doubtful settings are warnings. Loopback only.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct TCPStartTests {
    /// A key pair for the core and a one-key allow-list in the run's folder.
    func keys(_ run: TestRun) throws {
        for name in ["core", "client"] { #expect(try run.mapwire(["keygen", run.file(name).path]).status == 0) }
        try FileManager.default.copyItem(at: run.file("client.pub"), to: run.file("allowed"))
    }

    /// Starts a core with `--tcp ENDPOINT` and `allowList`; its exit status within the deadline, and its stderr.
    func startRefused(_ run: TestRun, _ endpoint: String, allowList: String = "allowed") throws -> (status: Int32?, stderr: String, seconds: Double) {
        let started = Date()
        let core = try run.start("mapwire-core", ["--tcp", endpoint, "--server-key", run.file("core.key").path,
                                                  "--allow-keys", run.file(allowList).path])
        let status = core.wait(timeout: 10)
        if status == nil { core.stop() }
        return (status, core.stderr, Date().timeIntervalSince(started))
    }

    @Test func anEmptyOrCommentOnlyAllowListExits2() throws {
        let run = try TestRun()
        try keys(run)
        try Data().write(to: run.file("empty"))
        try Data("# nobody yet\n\n   \n".utf8).write(to: run.file("comments"))
        for list in ["empty", "comments"] {
            let result = try startRefused(run, "tcp://127.0.0.1:\(loopbackPortPair())", allowList: list)
            #expect(result.status == 2, "\(list): \(result.stderr)")
            #expect(result.stderr.contains("has no keys"), "\(result.stderr)")
            figure("tcp start-up, \(list) allow-list: exit \(result.status.map(String.init) ?? "none (hung)") after \(String(format: "%.2f", result.seconds)) s")
        }
        #expect(!FileManager.default.fileExists(atPath: run.runDirectory.path + "/control"), "nothing was bound")
    }

    @Test func anAddressNotOfThisMachineExits2() throws {
        let run = try TestRun()
        try keys(run)
        // 192.0.2.0/24 is TEST-NET-1: never a local address.
        let result = try startRefused(run, "tcp://192.0.2.1:\(loopbackPortPair())")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("192.0.2.1 is not an address of this machine"), "\(result.stderr)")
    }

    @Test func theEventsPortInUseExits2() throws {
        let run = try TestRun()
        try keys(run)
        for _ in 0..<5 {
            let port = loopbackPortPair()
            // Something else holds PORT+1.
            let context = ZMQContext()
            let holder = try ZMQSocket(context, type: .router)
            guard (try? holder.bind("tcp://127.0.0.1:\(port + 1)")) != nil else { continue }
            defer { holder.close() }
            let result = try startRefused(run, "tcp://127.0.0.1:\(port)")
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("the events (PORT+1) port \(port + 1)"), "\(result.stderr)")
            #expect(result.stderr.contains("already in use"))
            figure("tcp start-up, events port in use: exit \(result.status.map(String.init) ?? "none (hung)") after \(String(format: "%.2f", result.seconds)) s")
            return
        }
        Issue.record("no free loopback port")
    }

    @Test func aKeyFileOthersCanReadIsAWarning() throws {
        let run = try TestRun()
        try keys(run)
        chmod(run.file("core.key").path, 0o644)
        let core = try run.startCore(["--tcp", "tcp://127.0.0.1:\(loopbackPortPair())", "--server-key", run.file("core.key").path,
                                      "--allow-keys", run.file("allowed").path])
        #expect(core.waitFor("is readable by others"), "\(core.stderr)")
    }
}

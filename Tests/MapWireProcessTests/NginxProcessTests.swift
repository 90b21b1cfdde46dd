import Foundation
import MapWireProcess
import Testing

/// The nginx launcher the end-to-end tests and `mapwire bench` share: it listens on its own loopback
/// port with its own folder, serves what is put there, and is gone once stopped by its pid.
@Suite(.enabled(if: NginxProcess.available, "needs nginx (apt-get install -y nginx)"))
struct NginxProcessTests {
    @Test func itServesItsFolderOnAFreeLoopbackPortAndStopsByPid() throws {
        let root = URL(fileURLWithPath: "/tmp").appendingPathComponent("mwp-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let nginx = try NginxProcess(root: root, gzipTiles: false)
        #expect(nginx.isRunning && nginx.baseURL == "http://127.0.0.1:\(nginx.port)")
        try nginx.put("fresh/a/b.txt", Data("hello".utf8))
        #expect(FileManager.default.fileExists(atPath: nginx.www.appendingPathComponent("fresh/a/b.txt").path))
        #expect(LoopbackPort.waitUntilListening(nginx.port, timeout: 1))
        let config = try String(contentsOf: root.appendingPathComponent("nginx.conf"), encoding: .utf8)
        #expect(config.contains("listen 127.0.0.1:\(nginx.port);") && config.contains("gzip_types application/json;"))
        nginx.stop()
        #expect(!nginx.isRunning)
        #expect(!LoopbackPort.waitUntilListening(nginx.port, timeout: 0.2), "nothing listens once it is stopped")
    }

    @Test func aFreePortHasNothingListeningOnIt() throws {
        let port = try LoopbackPort.free()
        #expect((1...65535).contains(port))
        #expect(!LoopbackPort.waitUntilListening(port, timeout: 0.05))
    }
}

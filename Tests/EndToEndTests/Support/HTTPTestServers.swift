import Foundation
import MapWireProcess
import MapWireTesting
import Synchronization

/// The tests' nginx: MapWireProcess's `NginxProcess` in a folder of the test run, over TLS with a CA and
/// server certificate made by `openssl` at test time; stopped by its pid when the run ends.
final class NginxServer: Sendable {
    static var available: Bool { NginxProcess.available }

    private let current: Mutex<NginxProcess>
    private var server: NginxProcess { current.withLock { $0 } }
    private let certificate: NginxProcess.Certificate?
    /// With TLS: the CA that signed the server's certificate (for `--ca-file`).
    let caFile: String?

    var root: URL { server.root }
    /// The files it serves.
    var www: URL { server.www }
    var port: Int { server.port }
    var tls: Bool { server.tls }
    var baseURL: String { server.baseURL }

    /// Locations as `NginxProcess`'s: `/fresh/`, `/revalidate/`, `/stale/`, anything else plain.
    /// `port`: where a server stopped before listened (an outage that ends); default a free one.
    init(in run: TestRun, tls: Bool = false, port: Int? = nil) throws {
        guard NginxProcess.available else { throw HTTPTestServerError.missing("nginx (apt-get install -y nginx)") }
        let root = run.directory.appendingPathComponent("nginx-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var certificate: NginxProcess.Certificate?
        if tls {
            caFile = try Self.makeCertificates(in: root, run: run)
            certificate = NginxProcess.Certificate(certificate: "\(root.path)/server.pem", key: "\(root.path)/server.key")
        } else {
            caFile = nil
        }
        self.certificate = certificate
        let current = Mutex(try NginxProcess(root: root, certificate: certificate, port: port))
        self.current = current
        run.onCleanup { [self] in self.stop() }
    }

    /// Puts `data` at `path` (relative to the root it serves).
    func put(_ path: String, _ data: Data) throws { try server.put(path, data) }

    func put(_ path: String, _ text: String) throws { try put(path, Data(text.utf8)) }

    /// The request lines nginx logged so far (method, path, status).
    var accessLog: String { server.accessLog }

    func stop() { server.stop() }

    /// Starts it again on its port, serving the same files (after `stop`: an outage that ends).
    func restart() throws {
        let old = server
        old.stop()
        let fresh = try NginxProcess(root: old.root, certificate: certificate, port: old.port)
        current.withLock { $0 = fresh }
    }

    /// A CA and a server certificate for 127.0.0.1 and localhost, signed by it; returns the CA's file.
    private static func makeCertificates(in folder: URL, run: TestRun) throws -> String {
        let dir = folder.path
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: "\(dir)/server.ext", atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try runOpenSSL(["req", "-x509"] + ec + ["-keyout", "\(dir)/ca.key", "-out", "\(dir)/ca.pem", "-days", "2",
                        "-subj", "/CN=MapWire Test CA", "-addext", "basicConstraints=critical,CA:TRUE",
                        "-addext", "keyUsage=critical,keyCertSign,cRLSign"], run: run)
        try runOpenSSL(["req"] + ec + ["-keyout", "\(dir)/server.key", "-out", "\(dir)/server.csr", "-subj", "/CN=127.0.0.1"], run: run)
        try runOpenSSL(["x509", "-req", "-in", "\(dir)/server.csr", "-CA", "\(dir)/ca.pem", "-CAkey", "\(dir)/ca.key",
                        "-CAcreateserial", "-out", "\(dir)/server.pem", "-days", "2", "-extfile", "\(dir)/server.ext"], run: run)
        return "\(dir)/ca.pem"
    }

    private static func runOpenSSL(_ arguments: [String], run: TestRun) throws {
        let process = try run.startProgram("/usr/bin/openssl", arguments, name: "openssl")
        guard process.wait(timeout: 30) == 0 else { throw HTTPTestServerError.didNotStart("openssl \(arguments.first ?? ""): \(process.stderr)") }
    }
}

/// The fault server (`http-fault-server.py` beside this file): what nginx will not do.
final class FaultServer: @unchecked Sendable {
    // @unchecked Sendable: made and used by one test.
    let port: Int
    private let process: TestProcess

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(in run: TestRun) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("http-fault-server.py").path
        let process = try run.startProgram("/usr/bin/env", ["python3", script], name: "fault-server")
        self.process = process
        var port: Int?
        _ = waitUntil(timeout: 10) {
            port = process.stdout.split(separator: "\n").first.flatMap { Int($0) }
            return port != nil
        }
        guard let port else { throw HTTPTestServerError.didNotStart("fault server: \(process.stderr)") }
        self.port = port
    }

    /// How many requests each path got (the server prints each path, after its port).
    func requestCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in process.stdout.split(separator: "\n").dropFirst() { counts[String(line), default: 0] += 1 }
        return counts
    }
}

enum HTTPTestServerError: Error {
    case missing(String)
    case didNotStart(String)
}

/// Loopback ports (MapWireProcess's `LoopbackPort`).
enum FreePort {
    static func find() throws -> Int { try LoopbackPort.free() }

    /// A port nothing listens on (connections are refused).
    static func refused() throws -> Int { try find() }
}

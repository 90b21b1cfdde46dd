import Foundation
import MapWireProcess

/// A real nginx (Debian's) on a free loopback port, with its own configuration, pid file, logs and
/// temp folders in a folder of the test; over TLS with a CA and server certificate made by `openssl`
/// at test time. It runs in the foreground (`daemon off`, one process) and is stopped by its pid.
final class NginxServer: @unchecked Sendable {
    // @unchecked Sendable: made and used by one test; the process handle is Sendable itself.
    static let executable = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { executable != nil }

    let root: URL
    /// The files it serves.
    let www: URL
    let port: Int
    let tls: Bool
    /// With TLS: the CA that signed the server's certificate (for `--ca-file`).
    let caFile: String?
    private let process: TestProcess

    var baseURL: String { "\(tls ? "https" : "http")://127.0.0.1:\(port)" }

    /// Locations: `/fresh/` (expires in an hour), `/revalidate/` (no-cache: every use asks the server),
    /// `/stale/` (max-age=0: stale at once), anything else plain (etag and Last-Modified only). gzip is on for JSON.
    init(in run: TestRun, tls: Bool = false) throws {
        guard let executable = Self.executable else { throw HTTPTestServerError.missing("nginx (apt-get install -y nginx)") }
        root = run.directory.appendingPathComponent("nginx-\(UUID().uuidString.prefix(6))")
        www = root.appendingPathComponent("www")
        for folder in ["www/fresh", "www/revalidate", "tmp", "logs"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        self.tls = tls
        var sslLines = ""
        if tls {
            let ca = try Self.makeCertificates(in: root, run: run)
            caFile = ca
            sslLines = """
                ssl_certificate \(root.path)/server.pem;
                ssl_certificate_key \(root.path)/server.key;
                """
        } else {
            caFile = nil
        }
        port = try FreePort.find()
        let tmp = root.appendingPathComponent("tmp").path
        let config = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(root.path)/nginx.pid;
            error_log \(root.path)/logs/error.log warn;
            events { worker_connections 512; }
            http {
                log_format mapwire '$request $status "$http_user_agent" "$http_authorization" "$http_if_none_match"';
                access_log \(root.path)/logs/access.log mapwire;
                client_body_temp_path \(tmp)/body;
                proxy_temp_path \(tmp)/proxy;
                fastcgi_temp_path \(tmp)/fastcgi;
                uwsgi_temp_path \(tmp)/uwsgi;
                scgi_temp_path \(tmp)/scgi;
                types { application/json json; application/x-protobuf pbf mvt; image/png png; }
                default_type application/octet-stream;
                etag on;
                gzip on;
                gzip_min_length 0;
                gzip_types application/json application/x-protobuf;
                server {
                    listen 127.0.0.1:\(port)\(tls ? " ssl" : "");
                    \(sslLines)
                    root \(www.path);
                    location /fresh/ { expires 1h; }
                    location /revalidate/ { add_header Cache-Control "no-cache"; }
                    location /stale/ { add_header Cache-Control "max-age=0"; }
                }
            }
            """
        let configFile = root.appendingPathComponent("nginx.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        process = try run.startProgram(executable, ["-p", root.path, "-e", "\(root.path)/logs/error.log", "-c", configFile.path],
                                       name: "nginx")
        guard FreePort.waitUntilListening(port, timeout: 10) else {
            throw HTTPTestServerError.didNotStart("nginx: \(process.stderr) \((try? String(contentsOf: root.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? "")")
        }
    }

    /// Puts `data` at `path` (relative to the root it serves).
    func put(_ path: String, _ data: Data) throws {
        let file = www.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func put(_ path: String, _ text: String) throws { try put(path, Data(text.utf8)) }

    /// The request lines nginx logged so far (method, path, status).
    var accessLog: String { (try? String(contentsOf: root.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? "" }

    func stop() { process.stop() }

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

/// Loopback ports: a free one (bound to port 0 and released), and waiting for a listener.
enum FreePort {
    static func find() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPTestServerError.didNotStart("socket") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw HTTPTestServerError.didNotStart("bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A port nothing listens on (connections are refused).
    static func refused() throws -> Int { try find() }

    static func waitUntilListening(_ port: Int, timeout: TimeInterval) -> Bool {
        waitUntil(timeout: timeout) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = loopback(port: port)
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

/// `waitUntil` for async tests whose condition needs the cooperative pool to make progress: it
/// sleeps with `Task.sleep` instead of blocking a pool thread.
func waitUntilAsync(timeout: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

import Foundation

/// A real nginx (Debian's) on a free loopback port, for the end-to-end tests and `mapwire bench`: its
/// own configuration, pid file, logs and temp folders under `root`, in the foreground (`daemon off`,
/// one process), stopped by its pid. Serves `root/www`.
public final class NginxProcess: Sendable {
    public static let executable = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    public static var available: Bool { executable != nil }

    /// A server certificate and its key (PEM files) for TLS.
    public struct Certificate: Sendable {
        public var certificate: String
        public var key: String
        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case missing
        case didNotStart(String)

        public var description: String {
            switch self {
            case .missing: "nginx is not installed (apt-get install -y nginx)"
            case .didNotStart(let why): "nginx did not start: \(why)"
            }
        }
    }

    public let root: URL
    /// The files it serves.
    public let www: URL
    public let port: Int
    public let tls: Bool
    private let process: ChildProcess

    public var baseURL: String { "\(tls ? "https" : "http")://127.0.0.1:\(port)" }

    /// Locations: `/fresh/` (expires in an hour), `/revalidate/` (no-cache: every use asks the server),
    /// `/stale/` (max-age=0: stale at once), anything else plain (etag and Last-Modified only). gzip is
    /// on for JSON, and for tiles unless `gzipTiles` is false (a benchmark of the client, where nginx's
    /// compressing every tile on the fly would be the bottleneck). `accessLog`: false for no log write per request.
    /// `port`: the port to listen on (a server stopped and started again on its port: an outage); nil: a free one.
    public init(root: URL, certificate: Certificate? = nil, accessLog: Bool = true, gzipTiles: Bool = true, port: Int? = nil) throws {
        guard let executable = Self.executable else { throw Failure.missing }
        self.root = root
        www = root.appendingPathComponent("www")
        for folder in ["www/fresh", "www/revalidate", "tmp", "logs"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        tls = certificate != nil
        self.port = try port ?? LoopbackPort.free()
        let port = self.port
        let tmp = root.appendingPathComponent("tmp").path
        let sslLines = certificate.map { "ssl_certificate \($0.certificate);\n        ssl_certificate_key \($0.key);" } ?? ""
        let config = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(root.path)/nginx.pid;
            error_log \(root.path)/logs/error.log warn;
            events { worker_connections 1024; }
            http {
                log_format mapwire '$request $status "$http_user_agent" "$http_authorization" "$http_if_none_match"';
                access_log \(accessLog ? "\(root.path)/logs/access.log mapwire" : "off");
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
                gzip_types application/json\(gzipTiles ? " application/x-protobuf" : "");
                keepalive_requests 100000;
                server {
                    listen 127.0.0.1:\(self.port)\(tls ? " ssl" : "");
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
        let stderr = root.appendingPathComponent("logs/stderr.log").path
        process = try ChildProcess(name: "nginx", executable: URL(fileURLWithPath: executable),
                                   arguments: ["-p", root.path, "-e", "\(root.path)/logs/error.log", "-c", configFile.path],
                                   standardOutput: .file(stderr), standardError: .file(stderr))
        guard LoopbackPort.waitUntilListening(self.port, timeout: 10) else {
            process.stop()
            let log = ["logs/stderr.log", "logs/error.log"].compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
            throw Failure.didNotStart(log.joined(separator: " "))
        }
    }

    /// Puts `data` at `path` (relative to the folder it serves).
    public func put(_ path: String, _ data: Data) throws {
        let file = www.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// The request lines nginx logged so far (request, status, some headers).
    public var accessLog: String { (try? String(contentsOf: root.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? "" }

    public var pid: Int32 { process.pid }
    public var isRunning: Bool { process.isRunning }

    /// Stops it by its pid (SIGTERM, then SIGKILL).
    public func stop() { process.stop() }
}

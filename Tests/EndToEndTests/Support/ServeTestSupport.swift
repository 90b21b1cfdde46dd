import AsyncHTTPClient
import Foundation
import MapWireProcess
import MapWireTesting
import NIOCore

/// A `mapwire serve` process on a free loopback port, and GETs against it.
struct ServeProcess {
    let process: TestProcess
    let port: Int
    let runDirectory: URL

    /// Starts `mapwire serve` in `run` (its cores under run/serve) and waits until it listens.
    static func start(_ run: TestRun, _ arguments: [String] = []) throws -> ServeProcess {
        let port = try LoopbackPort.free()
        let dir = run.directory.appendingPathComponent("serve")
        let process = try run.start("mapwire", ["serve", "--port", "\(port)", "--run-dir", dir.path] + arguments, name: "serve", withRunDir: false)
        guard LoopbackPort.waitUntilListening(port, timeout: 60) else {
            throw ServeTestFailure(description: "mapwire serve did not listen on \(port): \(process.stderr) \(process.stdout)")
        }
        return ServeProcess(process: process, port: port, runDirectory: dir)
    }

    /// The control endpoint of a style's core.
    func controlEndpoint(style: String) -> String { "ipc://\(runDirectory.path)/\(style)/control" }
    func eventsEndpoint(style: String) -> String { "ipc://\(runDirectory.path)/\(style)/events" }
}

struct HTTPAnswer: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

enum HTTPGet {
    static let client = HTTPClient(eventLoopGroupProvider: .singleton)

    /// A client of its own for `connections` requests at once (the shared one keeps a few connections per host).
    static func client(connections: Int) -> HTTPClient {
        HTTPClient(eventLoopGroupProvider: .singleton,
                   configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)))
    }

    static func get(_ port: Int, _ path: String, headers: [(String, String)] = [], timeout: Int64 = 60,
                    using client: HTTPClient = client) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(timeout))
        let body = try await response.body.collect(upTo: 64 << 20)
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name.lowercased()] = field.value }
        return HTTPAnswer(status: Int(response.status.code), headers: fields, body: Data(body.readableBytesView))
    }

    /// A POST without a body (`/admin/reload`).
    static func post(_ port: Int, _ path: String, timeout: Int64 = 300) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .POST
        let response = try await client.execute(request, timeout: .seconds(timeout))
        let body = try await response.body.collect(upTo: 1 << 20)
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name.lowercased()] = field.value }
        return HTTPAnswer(status: Int(response.status.code), headers: fields, body: Data(body.readableBytesView))
    }

    /// Polls until `path` answers `status`, or `timeout` seconds pass (generous: a loaded machine running
    /// the whole suite took over 60 s to load the demo style behind two debug renderers).
    static func waitFor(_ port: Int, _ path: String, status: Int, timeout: TimeInterval = 180) async -> Bool {
        await waitUntilAsync(timeout: timeout) { (try? await get(port, path, timeout: 5))?.status == status }
    }
}

struct ServeTestFailure: Error, CustomStringConvertible {
    let description: String
}

import Foundation
import MapWireProtocol
import MapWireServeInput
import Testing
@testable import MapWireServe

/// The responder's answers that need no core: methods, CORS, health, reload from loopback only, failed
/// styles, and no server path in any answer.
@Suite struct ServeResponderTests {
    func style(_ id: String, json: String? = nil, _ state: StyleHealth) -> ServedStyle {
        let style = ServedStyle(id: id, location: "file:///srv/secret/\(id).json", json: json.map { Data($0.utf8) },
                                controlEndpoint: "ipc:///nonexistent/\(id)/control")
        style.record(state)
        return style
    }

    func responder(_ styles: [ServedStyle], reload: (@Sendable () async -> ReloadOutcome)? = nil) -> ServeResponder {
        ServeResponder(styles: StyleRegistry(styles), settings: .init(), metrics: ServeMetrics(),
                       paths: ServerPaths(roots: ["/srv/secret"]), reload: reload)
    }

    /// Their bridges' threads end with the test.
    func stop(_ servers: ServeResponder...) { for server in servers { server.styles.all.forEach { $0.bridge.stop() } } }

    @Test func methodsOtherThanGetAndHeadAre405() async {
        let server = responder([style("a", .ready)])
        for method in ["POST", "DELETE", "PUT", "BREW"] {
            let answer = await server.respond(ServeRequest(method: method, path: "/styles/a/1/0/0.png"))
            #expect(answer.status == 405 && answer.header("Allow") == "GET, HEAD, OPTIONS", "\(method)")
        }
        #expect(await server.respond(ServeRequest(method: "GET", path: "/admin/reload")).status == 405)
        stop(server)
    }

    @Test func publicDataHasCORSAndAPreflight() async {
        let server = responder([style("a", json: #"{"version":8,"sources":{},"layers":[]}"#, .ready)])
        let tileJSON = await server.respond(ServeRequest(path: "/styles/a.json"))
        #expect(tileJSON.status == 200 && tileJSON.header("Access-Control-Allow-Origin") == "*")
        let preflight = await server.respond(ServeRequest(method: "OPTIONS", path: "/styles/a/3/1/2.png"))
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(await server.respond(ServeRequest(path: "/metrics")).header("Access-Control-Allow-Origin") == nil)
        let missing = await server.respond(ServeRequest(path: "/styles/none/3/1/2.png"))
        #expect(missing.status == 404 && missing.header("Cache-Control") == "no-store")
        stop(server)
    }

    @Test func healthListsEveryStyleAndLivenessIsSeparate() async throws {
        let failure = ServeFailure(status: 404, message: "the style failed to load: /srv/secret/b.json (not-found)")
        let starting = responder([style("a", .starting("loading")), style("b", .failed(failure))])
        let health = await starting.respond(ServeRequest(path: "/health"))
        #expect(health.status == 503 && health.header("Retry-After") != nil)
        let json = try #require(try JSONSerialization.jsonObject(with: health.body) as? [String: Any])
        let styles = try #require(json["styles"] as? [String: [String: Any]])
        #expect(styles["a"]?["state"] as? String == "starting" && styles["b"]?["state"] as? String == "failed")
        #expect(styles["b"]?["status"] as? Int == 404)
        #expect(!String(decoding: health.body, as: UTF8.self).contains("/srv/secret"))
        #expect(await starting.respond(ServeRequest(path: "/health/live")).status == 200)
        // Settled: one style ready, one failed for good. Ready for traffic (the failure is in the list).
        let settled = responder([style("a", .ready), style("b", .failed(failure))])
        #expect(await settled.respond(ServeRequest(path: "/health/ready")).status == 200)
        #expect(await settled.respond(ServeRequest(path: "/health")).status == 200)
        let failed = responder([style("b", .failed(failure))])
        #expect(await failed.respond(ServeRequest(path: "/health/ready")).status == 503)
        stop(starting, settled, failed)
    }

    @Test func aFailedStyleIs404Or502NeverStill503() async {
        let missing = ServeFailure(status: 404, message: "the style failed to load: file:///srv/secret/b.json (not-found)")
        let broken = ServeFailure(status: 502, message: "the style failed to load: not JSON", retryAfterSeconds: 60)
        let server = responder([style("b", .failed(missing)), style("c", .failed(broken))])
        for path in ["/styles/b/1/0/0.png", "/styles/b/static/0,0,1/100x100.png", "/styles/b/style.json", "/styles/b.json"] {
            let answer = await server.respond(ServeRequest(path: path))
            #expect(answer.status == 404 && answer.header("Location") == nil, "\(path)")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("/srv/secret"), "\(path)")
        }
        let answer = await server.respond(ServeRequest(path: "/styles/c/1/0/0.png"))
        #expect(answer.status == 502 && answer.header("Retry-After") == "60" && answer.header("Cache-Control") == "no-store")
        stop(server)
    }

    @Test func aStyleDocumentNeverRedirectsNorShowsPaths() async {
        let server = responder([style("a", json: #"{"version":8,"sprite":"file:///srv/secret/sprite","sources":{},"layers":[]}"#, .ready),
                                style("b", .ready)])
        let document = await server.respond(ServeRequest(path: "/styles/a/style.json"))
        #expect(document.status == 200 && String(decoding: document.body, as: UTF8.self).contains(#""sprite":"file:///…/sprite""#))
        let unfetched = await server.respond(ServeRequest(path: "/styles/b/style.json"))
        #expect(unfetched.status == 502 && unfetched.header("Location") == nil)
        stop(server)
    }

    @Test func aReloadIsAskedFromThisHostOnly() async throws {
        let server = responder([style("a", .ready)], reload: { ReloadOutcome(ok: true, message: "every style reloaded", styles: [("a", "reloaded")]) })
        let remote = await server.respond(ServeRequest(method: "POST", path: "/admin/reload", fromLoopback: false))
        #expect(remote.status == 403)
        let local = await server.respond(ServeRequest(method: "POST", path: "/admin/reload", fromLoopback: true))
        #expect(local.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: local.body) as? [String: Any])
        #expect(json["ok"] as? Bool == true && (json["styles"] as? [String: String])?["a"] == "reloaded")
        stop(server)
    }

    @Test func theTileJSONCentreComesFromCenterAndZoomOptions() async throws {
        let given = ServedStyle(id: "a", location: "file:///a.json", json: Data(#"{"version":8,"center":[1,2],"zoom":3}"#.utf8),
                                controlEndpoint: "ipc:///nonexistent/a/control",
                                camera: StyleCamera(center: Coordinate(longitude: -87.6, latitude: 41.9), zoom: 11))
        let server = responder([given])
        defer { stop(server) }
        let answer = await server.respond(ServeRequest(path: "/styles/a.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(json["center"] as? [Double] == [-87.6, 41.9, 12])
    }
}

import Foundation
import MapWireProcess
import MapWireTesting
import Testing

/// `mapwire serve` under hostile input over real sockets: every malformed request gets a 4xx and its
/// connection closes promptly, a dripped head is cut off, the live view's WebSocket admits only the
/// server's own origin, public data carries CORS, no answer shows a server path, and serve stays up.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeHostileInputTests {
    @Test func everyMalformedRequestGetsA4xxAndItsConnectionCloses() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--request-head-timeout-ms", "2000", "--idle-timeout-ms", "3000"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let host = "Host: 127.0.0.1:\(serve.port)\r\n"
        var garbage = [UInt8](repeating: 0, count: 120_000)
        for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        let cases: [(String, [UInt8])] = [
            ("a 200 KB URL", Array("GET /styles/demo/\(String(repeating: "a", count: 200_000)) HTTP/1.1\r\n\(host)\r\n".utf8)),
            ("a 1 MB header", Array("GET /health HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "b", count: 1 << 20))\r\n\r\n".utf8)),
            ("invalid UTF-8 in the URL", Array("GET /styles/".utf8) + [0xFF, 0xFE, 0xC3] + Array("/1/0/0.png HTTP/1.1\r\n\(host)\r\n".utf8)),
            ("an unknown method", Array("BREW /styles/demo/1/0/0.png HTTP/1.1\r\n\(host)\r\n".utf8)),
            ("garbage bytes", garbage),
            ("a TLS hello on the plain port", [0x16, 0x03, 0x01, 0x00, 0xC8, 0x01, 0x00, 0x00, 0xC4, 0x03, 0x03] + [UInt8](repeating: 7, count: 200)),
            ("a bad HTTP version", Array("GET / HTTP/7.0\r\n\(host)\r\n".utf8)),
            ("a NUL in the URL", Array("GET /\0 HTTP/1.1\r\n\(host)\r\n".utf8)),
            ("a second request that is malformed", Array("GET /health/live HTTP/1.1\r\n\(host)\r\nGET /x\u{1} HTTP/1.1\r\n\r\n".utf8)),
        ]
        for (name, bytes) in cases {
            let outcome = try RawConnection(port: serve.port).exchange(bytes, timeout: 10)
            let statuses = outcome.text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
            #expect(statuses.last.map { (400..<500).contains($0) } == true, "\(name): answered \(statuses) \(outcome.text.prefix(120))")
            #expect(outcome.closedAfter.map { $0 < 5 } == true, "\(name): the connection was not closed within 5 s")
            #expect(!outcome.text.contains("/tmp/"), "\(name): \(outcome.text.prefix(200))")
        }
        // A head dripped a byte at a time is cut off (408) once its time is up; an idle connection is closed.
        let drip = try RawConnection(port: serve.port)
        var dripped: RawConnection.Outcome?
        for byte in Array("GET /health HTTP/1.1\r\nX-Slow: ".utf8) {
            dripped = drip.exchange([byte], timeout: 0.2)
            if dripped?.closedAfter != nil { break }
        }
        let rest = drip.exchange(Array("still coming".utf8), timeout: 5)
        #expect(((dripped?.status ?? rest.status) ?? 0) == 408, "\(dripped?.text ?? "") \(rest.text)")
        let idle = try RawConnection(port: serve.port)
        #expect(idle.exchange([], timeout: 8).closedAfter != nil, "an idle connection is closed")
        // Serve is up and answers well-formed requests as before.
        #expect(serve.process.isRunning)
        #expect(try await HTTPGet.get(serve.port, "/health").status == 200)
        // Percent-escapes that are not UTF-8 are a well-formed URL: an unknown style (sent raw, as an HTTP client
        // library would clean the path up).
        let undecodable = try RawConnection(port: serve.port).exchange(
            Array("GET /styles/%FF%FE/1/0/0.png HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8), timeout: 5)
        #expect(undecodable.status == 404, "\(undecodable.text.prefix(200))")
    }

    @Test func theLiveViewAdmitsOnlyItsOwnOriginAndPublicDataHasCORS() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--allow-origin", "https://maps.example.com"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        func upgrade(origin: String?, host: String) throws -> Int? {
            var request = "GET /live/demo HTTP/1.1\r\nHost: \(host)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            if let origin { request += "Origin: \(origin)\r\n" }
            return try RawConnection(port: serve.port).exchange(Array((request + "\r\n").utf8), timeout: 3).status
        }
        let own = "127.0.0.1:\(serve.port)"
        #expect(try upgrade(origin: "http://\(own)", host: own) == 101, "the page of the server itself")
        #expect(try upgrade(origin: "https://maps.example.com", host: own) == 101, "--allow-origin")
        #expect(try upgrade(origin: nil, host: own) == 101, "not a browser")
        #expect(try upgrade(origin: "http://evil.example", host: own) == 400, "another site's page")
        #expect(try upgrade(origin: "http://evil.example:\(serve.port)", host: "evil.example:\(serve.port)") == 400, "DNS rebinding")
        #expect(try upgrade(origin: "null", host: own) == 400)

        let tile = try await HTTPGet.get(serve.port, "/styles/demo/15/17603/10749.png", headers: [("Origin", "http://elsewhere.example")])
        #expect(tile.status == 200 && tile.header("access-control-allow-origin") == "*")
        #expect(try await HTTPGet.get(serve.port, "/styles/demo.json").header("access-control-allow-origin") == "*")
        let preflight = try RawConnection(port: serve.port).exchange(Array(
            "OPTIONS /styles/demo/1/0/0.png HTTP/1.1\r\nHost: \(own)\r\nOrigin: http://a.example\r\nAccess-Control-Request-Method: GET\r\nConnection: close\r\n\r\n".utf8), timeout: 5)
        #expect(preflight.status == 204 && preflight.text.lowercased().contains("access-control-allow-origin: *"))

        // No answer shows where the server keeps its files: the demo style lives in the run directory.
        let style = String(decoding: try await HTTPGet.get(serve.port, "/styles/demo/style.json").body, as: UTF8.self)
        #expect(style.contains("\"layers\"") && !style.contains(run.directory.path) && !style.contains("/tmp/"), "\(style.prefix(300))")
        for path in ["/styles/demo/99/0/0.png", "/nothing", "/styles/nope/1/0/0.png", "/health"] {
            let body = String(decoding: try await HTTPGet.get(serve.port, path).body, as: UTF8.self)
            #expect(!body.contains(run.directory.path), "\(path): \(body)")
        }
    }
}

import Foundation
import Testing
@testable import MapWireServe
@testable import MapWireServeInput

/// The live view's WebSocket: pages of the server's own origin (or of --allow-origin) only, reached by
/// an address, localhost or an allowed name (never a re-pointed name: DNS rebinding).
@Suite struct OriginPolicyTests {
    @Test func theSameOriginAndClientsWithoutOriginAreAllowed() {
        let policy = OriginPolicy()
        #expect(policy.refusal(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080") == nil)
        #expect(policy.refusal(origin: "http://localhost:8080", host: "localhost:8080") == nil)
        #expect(policy.refusal(origin: "HTTP://LOCALHOST:8080/", host: "localhost:8080") == nil)
        #expect(policy.refusal(origin: nil, host: "127.0.0.1:8080") == nil, "not a browser")
        #expect(policy.refusal(origin: "ws://127.0.0.1", host: "127.0.0.1:8080") == nil, "a WebSocket library, not a browser")
        #expect(policy.refusal(origin: "ws://127.0.0.1", host: "rebind.example:8080") != nil, "the Host is checked all the same")
        #expect(policy.refusal(origin: "http://[::1]:8080", host: "[::1]:8080") == nil)
    }

    @Test func anotherSiteIsRefused() {
        let policy = OriginPolicy()
        #expect(policy.refusal(origin: "http://evil.example", host: "127.0.0.1:8080") != nil)
        #expect(policy.refusal(origin: "http://127.0.0.1:9999", host: "127.0.0.1:8080") != nil, "another port is another origin")
        #expect(policy.refusal(origin: "null", host: "127.0.0.1:8080") != nil)
        // A name of the attacker's re-pointed at this server: same origin on its face, refused by Host.
        #expect(policy.refusal(origin: "http://rebind.example:8080", host: "rebind.example:8080") != nil)
        #expect(policy.refusal(origin: nil, host: nil) != nil)
    }

    @Test func allowedOriginsAndAny() {
        let policy = OriginPolicy(allowed: ["https://maps.example.com"])
        #expect(policy.refusal(origin: "https://maps.example.com", host: "maps.example.com") == nil)
        #expect(policy.refusal(origin: "https://maps.example.com:443", host: "127.0.0.1:8080") == nil)
        #expect(policy.refusal(origin: "https://other.example.com", host: "maps.example.com") != nil)
        #expect(OriginPolicy(allowed: ["*"]).refusal(origin: "http://anything.example", host: "anything.example") == nil)
        #expect(OriginPolicy.invalid(["https://ok.example", "*", "ftp://x", "http://a/b", "nonsense"]) == ["ftp://x", "http://a/b", "nonsense"])
    }

    @Test func publicDataCarriesCORS() throws {
        let preflight = OriginPolicy.preflight(requestedHeaders: "If-None-Match")
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Headers") == "If-None-Match")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("GET") == true)
    }
}

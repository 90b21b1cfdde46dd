import Testing
@testable import MapWireHTTP

/// HTTPS_PROXY / HTTP_PROXY / NO_PROXY read from an environment passed in.
struct ProxySettingsTests {
    typealias Server = ProxySettings.Server

    @Test func proxyURLs() {
        #expect(ProxySettings.server("http://proxy.lan:3128") == Server(host: "proxy.lan", port: 3128))
        #expect(ProxySettings.server("proxy.lan:8080/") == Server(host: "proxy.lan", port: 8080))
        #expect(ProxySettings.server("http://proxy.lan") == Server(host: "proxy.lan", port: 80))
        #expect(ProxySettings.server("http://me:p%40ss@proxy.lan:3128") == Server(host: "proxy.lan", port: 3128, user: "me", password: "p@ss"))
        #expect(ProxySettings.server("socks5://127.0.0.1") == Server(host: "127.0.0.1", port: 1080, socks: true))
        #expect(ProxySettings.server("http://[::1]:3128") == Server(host: "::1", port: 3128))
        #expect(ProxySettings.server("ftp://proxy.lan:21") == nil)
        #expect(ProxySettings.server("http://proxy.lan:99999") == nil)
        #expect(ProxySettings.server("http://:3128") == nil)
    }

    @Test func environmentLowerCaseFirst() {
        let settings = ProxySettings(environment: ["HTTPS_PROXY": "http://upper:1", "https_proxy": "http://lower:2", "HTTP_PROXY": "http://plain:3"])
        #expect(settings.https == Server(host: "lower", port: 2))
        #expect(settings.http == Server(host: "plain", port: 3))
        #expect(ProxySettings(environment: ["https_proxy": ""]).https == nil)
        #expect(ProxySettings(environment: [:]) == ProxySettings())
    }

    @Test func schemesPickTheirProxyAndNoProxyExempts() {
        let settings = ProxySettings(environment: [
            "HTTPS_PROXY": "http://secure:1", "HTTP_PROXY": "http://plain:2",
            "NO_PROXY": "localhost, .internal.example,127.0.0.1 ,tiles.lan:8080"])
        #expect(settings.noProxy == ["localhost", "internal.example", "127.0.0.1", "tiles.lan"])
        #expect(settings.proxy(scheme: "https", host: "api.example")?.host == "secure")
        #expect(settings.proxy(scheme: "http", host: "api.example")?.host == "plain")
        #expect(settings.proxy(scheme: "HTTPS", host: "LOCALHOST") == nil)
        #expect(settings.proxy(scheme: "https", host: "a.internal.example") == nil)
        #expect(settings.proxy(scheme: "https", host: "internal.example") == nil)
        #expect(settings.proxy(scheme: "https", host: "notinternal.example")?.host == "secure")
        #expect(settings.proxy(scheme: "http", host: "127.0.0.1") == nil)
        #expect(settings.proxy(scheme: "http", host: "tiles.lan") == nil)
        #expect(ProxySettings(environment: ["HTTP_PROXY": "http://p:1", "no_proxy": "*"]).proxy(scheme: "http", host: "x") == nil)
        #expect(ProxySettings(environment: ["HTTP_PROXY": "http://p:1"]).proxy(scheme: "https", host: "x") == nil)
    }
}

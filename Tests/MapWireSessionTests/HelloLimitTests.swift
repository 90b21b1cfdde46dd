import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// A hello's name, roles and capabilities have size limits (issue 14, finding 11).
@Suite struct HelloLimitTests {
    static let long = String(repeating: "x", count: 1 << 20)

    @Test(arguments: [
        (Mapwire_V1_Hello.with { $0.name = long; $0.roles = ["loader"] }, "name is at most 256 bytes"),
        (Mapwire_V1_Hello.with { $0.name = "p"; $0.roles = (0..<33).map { "r\($0)" } }, "at most 32 roles"),
        (Mapwire_V1_Hello.with { $0.name = "p"; $0.roles = [String(repeating: "r", count: 65)] }, "roles are at most 64 bytes"),
        (Mapwire_V1_Hello.with { $0.name = "p"; $0.capabilities = (0..<65).map { "c\($0)" } }, "at most 64 capabilities"),
        (Mapwire_V1_Hello.with { $0.name = "p"; $0.capabilities = [String(repeating: "c", count: 257)] }, "capabilities are at most 256 bytes"),
    ])
    func anOversizedHelloIsRefusedWithAClearError(_ hello: Mapwire_V1_Hello, _ fragment: String) throws {
        let h = SessionHarness()
        let peer = Data("big-hello".utf8)
        var message = hello
        message.protocolVersion = mapWireProtocolVersion
        h.deliver(.with { $0.hello = message }, from: peer)
        guard case .error(let e) = h.messages(to: peer).last?.body else { Issue.record("no error"); return }
        #expect(e.code == .invalid)
        #expect(e.message.contains(fragment))
        #expect(h.state.plugins.isEmpty, "not registered")
    }

    @Test func aHelloAtTheLimitsIsWelcomed() {
        let h = SessionHarness()
        let peer = Data("full-hello".utf8)
        h.deliver(.with {
            $0.hello = .with {
                $0.protocolVersion = mapWireProtocolVersion
                $0.name = String(repeating: "n", count: HelloLimits.nameBytes)
                $0.roles = (0..<HelloLimits.roles).map { String(repeating: "r", count: HelloLimits.roleBytes - 3) + String(format: "%03d", $0) }
                $0.capabilities = (0..<HelloLimits.capabilities).map { _ in String(repeating: "c", count: HelloLimits.capabilityBytes) }
            }
        }, from: peer)
        guard case .welcome = h.messages(to: peer).last?.body else { Issue.record("no welcome"); return }
    }
}

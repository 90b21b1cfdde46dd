import Testing
@testable import MapWireClient

/// Command ids start at random (PROTOCOL.md 7.3): two clients do not repeat each other's ids.
@Suite struct CommandIDTests {
    @Test func firstIdsAreRandomNonZeroAndBelowTwoToThe53() {
        let ids = (0..<1_000).map { _ in ControlClient.firstCommandID() }
        #expect(ids.allSatisfy { $0 >= 1 && $0 <= 1 << 52 })
        #expect(Set(ids).count > 990)
    }
}

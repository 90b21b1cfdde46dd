import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession

/// The off-loop style parses alone: one waited for at a time, a newer style supersedes it.
@Suite struct StyleParsesTests {
    func style(_ bytes: Int) -> Mapwire_V1_SetStyleJson { .with { $0.json = String(repeating: " ", count: bytes) } }

    @Test func onlyLargeStylesAreParsedOffTheLoop() {
        let parses = StyleParses(offLoopBytes: 100)
        #expect(!parses.parsesOffLoop(style(99)))
        #expect(parses.parsesOffLoop(style(100)))
    }

    @Test func aNewerStyleSupersedesTheParseWaitedForAndItsResultIsDropped() {
        var parses = StyleParses(offLoopBytes: 1)
        let client = Data([1])
        let (first, none) = parses.start(style(10), commandID: 7, from: client)
        #expect(none == nil && first.id == 1 && first.baseURL == nil)
        let (second, superseded) = parses.start(.with { $0.json = "{}"; $0.baseURL = "https://example.com/" }, commandID: 8, from: client)
        #expect(superseded == StyleParses.Waiter(job: 1, commandID: 7, identity: client))
        #expect(second.id == 2 && second.baseURL == "https://example.com/")
        #expect(parses.finished(job: 1) == nil)
        #expect(parses.finished(job: 2)?.commandID == 8)
        #expect(parses.finished(job: 2) == nil)
        #expect(parses.supersede() == nil)
    }
}

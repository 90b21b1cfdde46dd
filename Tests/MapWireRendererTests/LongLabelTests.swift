import Foundation
@testable import MapWireRenderer
import Testing

/// A label is a feature property, so its length is data: 20,000 words must break into lines in a
/// fraction of a frame, not in time that grows with the square of the words.
struct LongLabelTests {
    @Test func twentyThousandWordsBreakQuickly() {
        let count = 40_000
        let advances = (0..<count).map { $0 % 2 == 0 ? 30.0 : 10.0 }
        let spaces = (0..<count).map { $0 % 2 == 1 }
        let started = Date()
        let lines = LineBreaker.lines(advances: advances, breakAfter: spaces, isSpace: spaces, maxWidth: 240)
        let seconds = Date().timeIntervalSince(started)
        #expect(lines.count > 1000 && lines.last?.upperBound == count)
        #expect(seconds < 2, "\(seconds) s")
    }
}

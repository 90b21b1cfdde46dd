import Foundation
import MapWireProtocol
import Testing

/// What PROTOCOL.md writes by hand about the generated tables stays complete: every topic has its row
/// in 5.1 (when the core publishes it). The generated sections themselves are checked by `make test`
/// (Protocol/generate, then git diff).
@Suite struct ProtocolDocumentTests {
    static let document: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Protocol/PROTOCOL.md"), encoding: .utf8)) ?? ""
    }()

    func section(_ heading: String, until next: String) -> Substring {
        guard let start = Self.document.range(of: heading), let end = Self.document.range(of: next, range: start.upperBound..<Self.document.endIndex)
        else { return "" }
        return Self.document[start.upperBound..<end.lowerBound]
    }

    @Test func everyTopicHasItsRowInTheTopicTable() {
        // 5.1 and its 5.1.1 (the lifecycle topics).
        let topics = section("### 5.1 The topics", until: "### 5.2")
        let missing = mapWireEventTopics.filter { !topics.contains("| `\($0)` |") }
        #expect(!topics.isEmpty)
        #expect(missing.isEmpty, "topics without a row in PROTOCOL.md 5.1: \(missing)")
    }

    @Test func everyTopicHasItsRowInTheGeneratedDataTable() {
        let data = section("<!-- generated: event-data", until: "<!-- end generated: event-data -->")
        #expect(mapWireEventTopics.allSatisfy { data.contains("| `\($0)` |") })
    }
}

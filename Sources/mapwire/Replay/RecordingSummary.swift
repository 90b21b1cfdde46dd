import MapWireJSON
import MapWireMCAP
import MapWireProtocol

/// What `replay --inspect` prints: the topics with their counts, the time span, the gaps and how the
/// file ended.
struct RecordingSummary {
    struct Topic { var topic: String; var schema: String; var count: Int }

    var topics: [Topic] = []
    var messages = 0
    var firstNanos: UInt64 = 0
    var lastNanos: UInt64 = 0
    var gaps: [[String: String]] = []
    var chunks = 0
    var truncated = false
    var library = ""

    init(_ contents: MCAPReader.Contents) {
        var counts: [UInt16: Int] = [:]
        for m in contents.messages { counts[m.channelID, default: 0] += 1 }
        topics = contents.channels.values.sorted { $0.topic < $1.topic }.map { c in
            Topic(topic: c.topic, schema: contents.schemas[c.schemaID]?.name ?? "", count: counts[c.id] ?? 0)
        }
        messages = contents.messages.count
        firstNanos = contents.messages.map(\.publishTime).min() ?? 0
        lastNanos = contents.messages.map(\.publishTime).max() ?? 0
        gaps = contents.metadata.filter { $0.name == "gap" }.map(\.metadata)
        chunks = contents.chunkCount
        truncated = contents.truncated
        library = contents.header?.library ?? ""
    }

    var seconds: Double { Double(lastNanos - firstNanos) / 1e9 }

    var lines: [String] {
        var lines = ["\(messages) messages on \(topics.count) topics in \(chunks) chunks, \(library.isEmpty ? "unknown writer" : library)"]
        if messages > 0 {
            lines.append("from \(RFC3339.format(unixNanos: Int64(firstNanos))) to \(RFC3339.format(unixNanos: Int64(lastNanos))) (\(seconds) s)")
        }
        for t in topics { lines.append("  " + t.topic.padding(toLength: 34, withPad: " ", startingAt: 0) + String(t.count).padding(toLength: 9, withPad: " ", startingAt: 0) + t.schema) }
        let missed = gaps.compactMap { $0["missed"].flatMap(UInt64.init) }.reduce(0, +)
        lines.append("gaps: \(gaps.count) (\(missed) events missed)")
        for g in gaps { lines.append("  \(g["missed"] ?? "?") missed between seq \(g["after_sequence"] ?? "?") and \(g["before_sequence"] ?? "?")") }
        if truncated { lines.append("the file ends before its summary (the recording did not close): read up to its last whole chunk") }
        return lines
    }

    var json: JSONValue {
        .object([
            JSONMember("messages", .int(Int64(messages))),
            JSONMember("topics", .array(topics.map { .object([JSONMember("topic", .string($0.topic)), JSONMember("schema", .string($0.schema)), JSONMember("count", .int(Int64($0.count)))]) })),
            JSONMember("start", messages > 0 ? .string(RFC3339.format(unixNanos: Int64(firstNanos))) : .null),
            JSONMember("end", messages > 0 ? .string(RFC3339.format(unixNanos: Int64(lastNanos))) : .null),
            JSONMember("seconds", .number(seconds)),
            JSONMember("gaps", .array(gaps.map { g in .object(g.keys.sorted().map { JSONMember($0.replacingOccurrences(of: "_", with: "-"), .string(g[$0] ?? "")) }) })),
            JSONMember("chunks", .int(Int64(chunks))),
            JSONMember("truncated", .bool(truncated)),
        ])
    }
}

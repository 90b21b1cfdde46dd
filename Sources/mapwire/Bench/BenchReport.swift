import Foundation
import MapWireProtocol

/// One measured figure, with the baseline it is held against when there is one (measured in the same run).
struct BenchFigure {
    /// A stable machine key, e.g. "events-per-second.resource-request".
    var key: String
    /// What was measured, for a person.
    var name: String
    var value: Double
    var unit: String
    /// What the baseline is ("raw libzmq PUB/SUB", "MapLibre GL JS") and its value in the same unit.
    var baselineName: String? = nil
    var baseline: Double? = nil
    var note: String? = nil

    /// value / baseline.
    var ratio: Double? {
        guard let baseline, baseline != 0 else { return nil }
        return value / baseline
    }
}

/// A goal (BENCHMARKS.md, "Goals") and whether this run met it.
struct BenchGoal {
    var name: String
    var target: String
    var measured: String
    var met: Bool?
}

/// Everything one `mapwire bench` run measured, printed as text, Markdown or JSON.
struct BenchReport {
    struct Section {
        var key: String
        var title: String
        var figures: [BenchFigure] = []
        /// Why the section (or part of it) was skipped, or what to know when reading it.
        var notes: [String] = []
    }

    var quick: Bool
    var started = Date()
    var machine: [(String, String)] = BenchMachine.describe()
    var sections: [Section] = []
    var goals: [BenchGoal] = []

    mutating func add(_ section: Section) { sections.append(section) }

    var startedText: String { RFC3339.format(unixNanos: Int64(started.timeIntervalSince1970 * 1e9)) }

    func figure(_ section: String, _ key: String) -> BenchFigure? {
        sections.first { $0.key == section }?.figures.first { $0.key == key }
    }

    // MARK: Text

    var text: String {
        var out = "MapWire benchmarks\(quick ? " (--quick)" : "") — \(startedText)\n"
        for (key, value) in machine { out += "  \(key): \(value)\n" }
        for section in sections {
            out += "\n\(section.title)\n"
            for f in section.figures {
                var line = "  \(f.name): \(Self.format(f.value)) \(f.unit)"
                if let b = f.baseline, let name = f.baselineName { line += "  | \(name): \(Self.format(b)) \(f.unit)" }
                if let r = f.ratio { line += "  | ratio \(Self.format(r, digits: 2))" }
                if let note = f.note { line += "  (\(note))" }
                out += line + "\n"
            }
            for note in section.notes { out += "  note: \(note)\n" }
        }
        if !goals.isEmpty {
            out += "\nGoals\n"
            for g in goals { out += "  \(Self.mark(g.met)) \(g.name): \(g.measured) (goal: \(g.target))\n" }
        }
        return out
    }

    // MARK: Markdown

    var markdown: String {
        var out = "Run \(startedText)\(quick ? " with `--quick`" : "").\n\n"
        out += "| machine | |\n| --- | --- |\n"
        for (key, value) in machine { out += "| \(key) | \(value) |\n" }
        for section in sections {
            out += "\n### \(section.title)\n\n"
            if !section.figures.isEmpty {
                out += "| figure | MapWire | baseline | baseline value | ratio |\n| --- | ---: | --- | ---: | ---: |\n"
                for f in section.figures {
                    let value = "\(Self.format(f.value)) \(f.unit)"
                    let baseline = f.baseline.map { "\(Self.format($0)) \(f.unit)" } ?? ""
                    let ratio = f.ratio.map { Self.format($0, digits: 2) } ?? ""
                    let name = f.note.map { "\(f.name) (\($0))" } ?? f.name
                    out += "| \(name) | \(value) | \(f.baselineName ?? "") | \(baseline) | \(ratio) |\n"
                }
            }
            for note in section.notes { out += "\n\(note)\n" }
        }
        if !goals.isEmpty {
            out += "\n### Goals\n\n| goal | target | measured | met |\n| --- | --- | --- | --- |\n"
            for g in goals { out += "| \(g.name) | \(g.target) | \(g.measured) | \(Self.mark(g.met)) |\n" }
        }
        return out
    }

    // MARK: JSON

    var json: JSONValue {
        .object([
            JSONMember("started", .string(startedText)),
            JSONMember("quick", .bool(quick)),
            JSONMember("machine", .object(machine.map { JSONMember($0.0, .string($0.1)) })),
            JSONMember("sections", .object(sections.map { section in
                JSONMember(section.key, .object([
                    JSONMember("title", .string(section.title)),
                    JSONMember("figures", .array(section.figures.map(Self.json))),
                    JSONMember("notes", .array(section.notes.map { .string($0) })),
                ]))
            })),
            JSONMember("goals", .array(goals.map { g in
                .object([
                    JSONMember("name", .string(g.name)), JSONMember("target", .string(g.target)),
                    JSONMember("measured", .string(g.measured)), JSONMember("met", g.met.map { .bool($0) } ?? .null),
                ])
            })),
        ])
    }

    private static func json(_ f: BenchFigure) -> JSONValue {
        var members = [JSONMember("key", .string(f.key)), JSONMember("name", .string(f.name)),
                       JSONMember("value", .number(rounded(f.value))), JSONMember("unit", .string(f.unit))]
        if let name = f.baselineName, let b = f.baseline {
            members += [JSONMember("baseline-name", .string(name)), JSONMember("baseline", .number(rounded(b)))]
        }
        if let r = f.ratio { members.append(JSONMember("ratio", .number(rounded(r)))) }
        if let note = f.note { members.append(JSONMember("note", .string(note))) }
        return .object(members)
    }

    // MARK: Numbers

    /// Four significant digits: enough for figures that vary by a few percent between runs.
    static func rounded(_ x: Double) -> Double {
        guard x.isFinite, x != 0 else { return x }
        let scale = pow(10, 3 - floor(log10(abs(x))))
        return (x * scale).rounded() / scale
    }

    static func format(_ x: Double, digits: Int? = nil) -> String {
        if let digits { return String(format: "%.\(digits)f", x) }
        let r = rounded(x)
        if abs(r) >= 1000 { return grouped(Int64(r.rounded())) }
        if r == r.rounded() { return String(Int64(r)) }
        return String(format: abs(r) >= 100 ? "%.1f" : abs(r) >= 10 ? "%.2f" : "%.3f", r)
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ n: Int64) -> String {
        var digits = String(n.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (n < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    private static func mark(_ met: Bool?) -> String {
        switch met {
        case true?: "met"
        case false?: "MISSED"
        case nil: "not measured"
        }
    }
}

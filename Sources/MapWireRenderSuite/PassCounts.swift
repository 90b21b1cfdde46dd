/// Passes and totals per group of a suite's results (render tests by property, expression tests by
/// group), sorted by group name, for summaries and reports.
public enum PassCounts {
    public struct Group: Equatable, Sendable {
        public var name: String
        public var passed: Int
        public var total: Int
    }

    public static func byGroup<Result>(_ results: [Result], group: (Result) -> String, passed: (Result) -> Bool) -> [Group] {
        var groups: [String: Group] = [:]
        for result in results {
            let name = group(result)
            var entry = groups[name] ?? Group(name: name, passed: 0, total: 0)
            entry.total += 1
            if passed(result) { entry.passed += 1 }
            groups[name] = entry
        }
        return groups.values.sorted { $0.name < $1.name }
    }
}
